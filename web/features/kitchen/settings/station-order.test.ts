import { describe, expect, it } from 'vitest';
import { movedStations, nextPosition, reasonsOf } from './station-order';

const stations = [
  { id: 'a', name: 'Kitchen', position: 0 },
  { id: 'b', name: 'Bar', position: 1 },
  { id: 'c', name: 'Desserts', position: 2 },
];

describe('station order', () => {
  it('moves a station up and renumbers only the stations that change place', () => {
    expect(movedStations(stations, 2, 1)).toEqual([
      { id: 'c', body: { name: 'Desserts', position: 1 } },
      { id: 'b', body: { name: 'Bar', position: 2 } },
    ]);
  });

  it('renumbers stations saved with positions that were not 0, 1, 2', () => {
    const gappy = stations.map((s) => ({ ...s, position: s.position * 10 }));
    expect(movedStations(gappy, 0, 1).map((change) => change.body.position)).toEqual([0, 1, 2]);
  });

  it('does nothing for a move out of the list or onto itself', () => {
    expect(movedStations(stations, 0, 0)).toEqual([]);
    expect(movedStations(stations, 0, -1)).toEqual([]);
    expect(movedStations(stations, 2, 3)).toEqual([]);
  });

  it('puts a new station after the last', () => {
    expect(nextPosition(stations)).toBe(3);
    expect(nextPosition([])).toBe(0);
  });

  it('reads void reasons one a line, blank lines and spaces dropped', () => {
    expect(reasonsOf(' Guest changed mind \n\nWrong item\n  ')).toEqual([
      'Guest changed mind',
      'Wrong item',
    ]);
  });
});

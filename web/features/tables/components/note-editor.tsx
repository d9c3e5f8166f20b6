import { useState } from 'react';
import { Button } from '../../../components/kit/button';
import { IconGift } from '@tabler/icons-react';
import type { OrderLine } from '../../../../shared/schemas/tables.schemas';
import { NC_TEXT } from '../complimentary/complimentary-text';
import { TABLE_TEXT } from '../table-text';
import { NoteField, QuickNotes } from './choice-picker';
import { lineChoicesText } from './order-panel';

/**
 * A line's note, set or changed ('no onion'), with the branch's quick notes one tap away.
 * Saving moves the line's quantity to the line with the new note (order-lines.ts noteChanges).
 */
export function NoteEditor({
  line,
  quickNotes,
  onSave,
  onComplimentary,
}: {
  line: OrderLine;
  quickNotes: readonly string[];
  onSave: (note: string) => void;
  /** The line's other action: its items complimentary (docs/complimentary.md). */
  onComplimentary?: () => void;
}) {
  const [note, setNote] = useState(line.note);
  const choices = lineChoicesText(line);
  return (
    <form
      className="tf-picker"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(note);
      }}
    >
      <div>
        <p className="tf-picker-line">
          {line.quantity} × {line.name}
        </p>
        {choices && <p className="tf-picker-message">{choices}</p>}
      </div>
      <div className="tf-picker-group">
        <NoteField value={note} autoFocus onChange={setNote} />
        <QuickNotes notes={quickNotes} note={note} onChange={setNote} />
      </div>
      <div className="tf-picker-foot">
        <Button type="submit" variant="primary" fullWidth>
          {TABLE_TEXT.saveNote}
        </Button>
        {onComplimentary && (
          <Button fullWidth icon={<IconGift size={18} aria-hidden />} onClick={onComplimentary}>
            {NC_TEXT.lineAction}
          </Button>
        )}
      </div>
    </form>
  );
}

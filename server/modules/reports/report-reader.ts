import type { FastifyInstance, FastifyRequest } from 'fastify';
import { branchOf } from '../../plugins/auth';
import type { ReportReader } from './orders.usecases';

/** What a report reads a request with: the database, the clock, the caller's branch and zone. */
export function reportReaderOf(app: FastifyInstance): (request: FastifyRequest) => ReportReader {
  const { database, clock } = app.deps;
  return (request) => ({ db: database.db, clock, ...branchOf(request) });
}

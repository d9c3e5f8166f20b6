// The branch's tax profile (docs/gst.md): its newest `tax_profiles` row. Rows are never
// changed; Settings adds one on every save, and a branch that has none yet (made before a
// save) gets the default one the first time it is needed.
import { and, desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { invoicePrefixFromCode, stateOfGstin } from '../../../shared/gst';
import type { TaxProfileView } from '../../../shared/schemas/tax-profile.schemas';
import type { TaxProfileInput } from '../../../shared/tax';
import type { DbOrTx } from '../../db/client';
import { branches, taxProfiles, type TaxProfile } from '../../db/schema';

/** What a save of Settings writes: every field of a profile row but its keys and times. */
export type TaxProfileValues = Omit<
  typeof taxProfiles.$inferInsert,
  'branchId' | 'id' | 'createdAt' | 'createdBy'
>;

/** The rules a branch starts with: unregistered (a plain bill), round-off on, no charge. */
export const DEFAULT_TAX_RULES = {
  regime: 'unregistered',
  pricesIncludeTax: false,
  roundOff: true,
  serviceChargeBps: 0,
} as const satisfies TaxProfileInput;

/** The profile a branch starts with: DEFAULT_TAX_RULES. */
export async function createDefaultTaxProfile(
  db: DbOrTx,
  branchId: string,
  at: Date,
): Promise<TaxProfile> {
  const [branch] = await db
    .select({
      name: branches.name,
      code: branches.code,
      address: branches.address,
      phone: branches.phone,
      gstin: branches.gstin,
    })
    .from(branches)
    .where(eq(branches.id, branchId));
  if (!branch) throw new Error(`No branch ${branchId}`);
  const [row] = await db
    .insert(taxProfiles)
    .values({
      branchId,
      id: uuidv7(),
      tradeName: branch.name,
      address: branch.address,
      phone: branch.phone,
      gstin: branch.gstin,
      ...DEFAULT_TAX_RULES,
      invoicePrefix: invoicePrefixFromCode(branch.code),
      createdAt: at,
    })
    .returning();
  return row!;
}

/** The branch's newest profile row, or undefined when it has none yet. */
export async function newestTaxProfile(
  db: DbOrTx,
  branchId: string,
): Promise<TaxProfile | undefined> {
  const [row] = await db
    .select()
    .from(taxProfiles)
    .where(eq(taxProfiles.branchId, branchId))
    .orderBy(desc(taxProfiles.createdAt), desc(taxProfiles.id))
    .limit(1);
  return row;
}

/** The branch's profile, made with the defaults if it has none yet. */
export async function currentTaxProfile(
  db: DbOrTx,
  branchId: string,
  at: Date,
): Promise<TaxProfile> {
  return (await newestTaxProfile(db, branchId)) ?? createDefaultTaxProfile(db, branchId, at);
}

/**
 * A save of Settings: a new row, which becomes the branch's profile. Rows are never changed, so
 * bills made with the previous row keep it. Its time is `at`, or just after the newest row's
 * when that is later (a clock set back must not leave an older row the newest).
 */
export async function saveTaxProfile(
  db: DbOrTx,
  branchId: string,
  values: TaxProfileValues,
  { at, userId }: { at: Date; userId: string | null },
): Promise<TaxProfile> {
  const newest = await newestTaxProfile(db, branchId);
  const createdAt =
    newest && newest.createdAt.getTime() >= at.getTime()
      ? new Date(newest.createdAt.getTime() + 1)
      : at;
  const [row] = await db
    .insert(taxProfiles)
    .values({ ...values, branchId, id: uuidv7(), createdAt, createdBy: userId })
    .returning();
  return row!;
}

/** One profile row of the branch (a bill's), or undefined. */
export async function findTaxProfile(
  db: DbOrTx,
  branchId: string,
  id: string,
): Promise<TaxProfile | undefined> {
  const [row] = await db
    .select()
    .from(taxProfiles)
    .where(and(eq(taxProfiles.branchId, branchId), eq(taxProfiles.id, id)));
  return row;
}

/** A profile row as the API answers it. */
export function taxProfileView(row: TaxProfile): TaxProfileView {
  return {
    tradeName: row.tradeName,
    legalName: row.legalName,
    address: row.address,
    phone: row.phone,
    gstin: row.gstin,
    state: row.gstin ? stateOfGstin(row.gstin) : null,
    fssai: row.fssai,
    regime: row.regime,
    pricesIncludeTax: row.pricesIncludeTax,
    roundOff: row.roundOff,
    serviceChargeBps: row.serviceChargeBps,
    invoicePrefix: row.invoicePrefix,
  };
}

/**
 * True when another branch's current profile bills under this GSTIN with this invoice prefix:
 * their numbers would repeat, and a GSTIN's invoice serials must be unique in a financial year
 * (CGST rule 46(b)).
 */
export async function prefixTakenUnderGstin(
  db: DbOrTx,
  branchId: string,
  gstin: string,
  prefix: string,
): Promise<boolean> {
  const result = await db.execute(sql`select exists (
      select 1 from ${branches} b
      cross join lateral (
        select p.gstin, p.invoice_prefix from ${taxProfiles} p
        where p.branch_id = b.id order by p.created_at desc, p.id desc limit 1
      ) p
      where b.id <> ${branchId}::uuid and p.gstin = ${gstin} and p.invoice_prefix = ${prefix}
    ) as taken`);
  return (result as unknown as { rows: { taken: boolean }[] }).rows[0]?.taken === true;
}

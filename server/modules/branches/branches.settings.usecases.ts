import type {
  BranchDetails,
  BranchSettings,
  BranchSettingsInput,
} from '../../../shared/schemas/branch-settings.schemas';
import type { TaxProfileView } from '../../../shared/schemas/tax-profile.schemas';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import * as repo from './branches.repository';
import { gstinRequired, invoicePrefixTaken } from './branches.settings.errors';
import {
  currentTaxProfile,
  prefixTakenUnderGstin,
  saveTaxProfile,
  taxProfileView,
} from './tax-profiles';

/** What bills print of the branch (name, address, phone, GSTIN) and its time zone. */
export async function getBranchSettings({
  db,
  branchId,
}: {
  db: DbOrTx;
  branchId: string;
}): Promise<BranchDetails> {
  return (await repo.findBranchSettings(db, branchId))!;
}

/** The branch's current tax profile (made with the defaults the first time it is needed). */
export async function getTaxProfile({
  db,
  clock,
  branchId,
}: {
  db: DbOrTx;
  clock: Clock;
  branchId: string;
}): Promise<TaxProfileView> {
  return taxProfileView(await currentTaxProfile(db, branchId, clock()));
}

/** The Settings screen: the branch's details with its current tax profile. */
export async function getSettingsWithTaxProfile({
  db,
  clock,
  branchId,
}: {
  db: DbOrTx;
  clock: Clock;
  branchId: string;
}): Promise<BranchSettings> {
  const details = await getBranchSettings({ db, branchId });
  const profile = await getTaxProfile({ db, clock, branchId });
  return {
    ...details,
    legalName: profile.legalName,
    state: profile.state,
    fssai: profile.fssai,
    regime: profile.regime,
    pricesIncludeTax: profile.pricesIncludeTax,
    roundOff: profile.roundOff,
    serviceChargeBps: profile.serviceChargeBps,
    invoicePrefix: profile.invoicePrefix,
  };
}

/**
 * A save of Settings, in one transaction: the branch's columns as before, a new tax profile row
 * (fields left out keep the current profile's values; bills keep the row they were made with)
 * and the audit row.
 */
export async function updateBranchSettings({
  db,
  clock,
  branchId,
  userId,
  input,
}: Actor & { input: BranchSettingsInput }): Promise<BranchSettings> {
  const at = clock();
  return db.transaction(async (tx) => {
    const before = await getSettingsWithTaxProfile({ db: tx, clock, branchId });
    const regime = input.regime ?? before.regime;
    if (regime !== 'unregistered' && input.gstin === null) throw gstinRequired(regime);
    const invoicePrefix = input.invoicePrefix ?? before.invoicePrefix;
    if (input.gstin && (await prefixTakenUnderGstin(tx, branchId, input.gstin, invoicePrefix))) {
      throw invoicePrefixTaken(invoicePrefix);
    }
    await repo.updateBranchSettings(tx, branchId, {
      name: input.name,
      address: input.address,
      phone: input.phone,
      gstin: input.gstin,
      timeZone: input.timeZone,
    });
    await saveTaxProfile(
      tx,
      branchId,
      {
        tradeName: input.name,
        legalName: input.legalName === undefined ? before.legalName : input.legalName,
        address: input.address,
        phone: input.phone,
        gstin: input.gstin,
        fssai: input.fssai === undefined ? before.fssai : input.fssai,
        regime,
        pricesIncludeTax: input.pricesIncludeTax ?? before.pricesIncludeTax,
        roundOff: input.roundOff ?? before.roundOff,
        serviceChargeBps: input.serviceChargeBps ?? before.serviceChargeBps,
        invoicePrefix,
      },
      { at, userId },
    );
    const after = await getSettingsWithTaxProfile({ db: tx, clock, branchId });
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'branch.settings',
      entity: 'branch',
      entityId: branchId,
      data: { from: before, to: after },
      at,
    });
    return after;
  });
}

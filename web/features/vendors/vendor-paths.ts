import { paths } from '../../config/paths';

/** The vendor form in edit mode (no route of its own in the spec: /add-vendor?edit=<id>). */
export const editVendorPath = (id: string) =>
  `${paths.addVendor}?${new URLSearchParams({ edit: id })}`;

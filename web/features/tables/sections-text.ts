/** What the floor sections say on the billing screen and in their manager (docs/kitchen.md). */
export const SECTIONS_TEXT = {
  filterLabel: 'Section',
  all: 'All',
  manage: 'Sections',
  manageTitle: 'Sections of the floor',
  manageHint:
    'Tables are grouped under their section on the billing screen, in this order. Tables without a section come first.',
  empty: 'No sections yet: add one (Ground floor, Terrace, Counter).',
  name: 'Section name',
  add: 'Add section',
  added: (name: string) => `${name} added`,
  rename: 'Rename',
  renameTitle: (name: string) => `Rename ${name}`,
  renamed: 'Section renamed',
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  archive: 'Archive',
  archiveTitle: (name: string) => `Archive ${name}?`,
  archiveMessage:
    'The section leaves the billing screen; its tables stay, without a section, at the top.',
  archived: (name: string) => `${name} archived`,
  actionsFor: (name: string) => `Actions for ${name}`,
  notSaved: 'Not saved',
  save: 'Save',
  cancel: 'Cancel',
  /** The table forms' field. */
  field: 'Section',
  none: 'No section',
  guests: (guests: number) => (guests === 1 ? '1 guest' : `${guests} guests`),
  openedBy: (name: string) => `Opened by ${name}`,
} as const;

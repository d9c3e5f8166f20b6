/** The users module's messages, each written once. */
export const USER_MESSAGES = {
  emailTaken: 'This email is already in use',
} as const;

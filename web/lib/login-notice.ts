/**
 * Why the user was sent to the login screen (a plan that ended, an account deactivated): set
 * where the server's refusal arrives, shown once by the login screen.
 */
let notice: string | null = null;

export const setLoginNotice = (message: string) => {
  notice = message;
};
export const peekLoginNotice = () => notice;
export const clearLoginNotice = () => {
  notice = null;
};

// The auth module's use cases for other modules (staff, branches, the auth plugin), by concern:
// sign-in and its limits, sessions, passwords. The module's own files import those directly.
export * from './auth.sign-in.usecases';
export * from './auth.sessions.usecases';
export * from './auth.passwords.usecases';

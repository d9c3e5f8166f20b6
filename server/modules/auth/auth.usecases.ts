// The auth module's use cases for other modules (staff, branches, the auth plugin, and the
// approvals of voids, cash, complimentary items), by concern: sign-in and its limits, sessions,
// passwords, managers' approval PINs. The module's own files import those directly.
export * from './auth.sign-in.usecases';
export * from './auth.sessions.usecases';
export * from './auth.passwords.usecases';
export * from './auth.pin.usecases';
export { hashPassword } from './auth.password';

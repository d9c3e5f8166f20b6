// The auth screens, loaded together as one chunk when the first of them opens.
export { ChangePasswordPage } from './change-password-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { LoginPage } from './login-page';
export { ResetPasswordPage } from './reset-password-page';
export { TwoFactorPage } from './two-factor-page';

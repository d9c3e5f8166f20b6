/** Every path of the product: the one table lives in shared/routes.ts (the server reads it too). */
export { paths, patterns } from '../../shared/routes';

export { clearSessionPost as POST } from '../../../../server/basket/basketForms.ts';

// The form post of the basket (src/server/basket/basketForms.ts) for the Ukrainian site.
export { addFormPost as POST } from '../../../server/basket/basketForms.ts';

// The form post of the basket (src/server/basket/basketForms.ts) for the Ukrainian site.
export { removeFormPost as POST } from '../../../server/basket/basketForms.ts';

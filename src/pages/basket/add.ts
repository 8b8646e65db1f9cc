// The form post of the basket (src/server/basket/basketForms.ts); the /ua twin answers in Ukrainian.
export { addFormPost as POST } from '../../server/basket/basketForms.ts';

// The certificate page's pay form (src/server/order/payForms.ts): 303 to the bank, back to this language's page.
export { certificatePayPost as POST, payFormGet as GET } from '../../../../server/order/payForms.ts';

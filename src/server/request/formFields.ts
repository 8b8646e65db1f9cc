/**
 * The text fields of a posted form (urlencoded or multipart) as a plain record, for a zod schema
 * to parse; files and a body that is no form give nothing. Read from a copy: a page that then
 * answers with its 404 or 400 page does it by `Astro.rewrite()`, which refuses a request whose
 * body was read (a JSON body posted to a form page was a 500, found by the fuzz of
 * tests/e2e/accountSecurity.spec.ts).
 */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const fields: Record<string, string> = {};
  form?.forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value;
  });
  return fields;
}

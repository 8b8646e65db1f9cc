/**
 * The text fields of a posted form (urlencoded or multipart) as a plain record, for a zod schema
 * to parse; files and a body that is no form give nothing.
 */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData().catch(() => null);
  const fields: Record<string, string> = {};
  form?.forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value;
  });
  return fields;
}

import { pickedDate } from './dateParts.ts';

/**
 * What the account pages' plain HTML forms post (every value a string, a checkbox present or not,
 * a date as three selects) reshaped into the JSON bodies of src/api/schemas/account.ts, so one zod
 * schema checks both. Pure: values that cannot be read are passed on as they are, for the schema to
 * refuse on their field.
 */

export type FormFields = Readonly<Record<string, string>>;

/** Fields whose values are never sent back to the page with an error (nothing secret sits in the session). */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(['password', 'newPassword', 'newPasswordRepeat']);

/** The urlencoded body as a record (a repeated name keeps its first value). */
export function formRecord(text: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (!(name in record)) record[name] = value;
  }
  return record;
}

const text = (fields: FormFields, name: string): string => fields[name] ?? '';

/** A date of three selects named `<prefix>Day`, `<prefix>Month`, `<prefix>Year`: ISO, null, or '-' (refused as a date). */
export function formDate(fields: FormFields, prefix: string, thisYear: number): string | null {
  const picked = pickedDate(
    { day: text(fields, `${prefix}Day`), month: text(fields, `${prefix}Month`), year: text(fields, `${prefix}Year`) },
    thisYear,
  );
  if (picked.kind === 'none') return null;
  return picked.kind === 'date' ? picked.iso : '-';
}

/** '' is none; a digit string its number; anything else passed on for the schema to refuse. */
function formNumber(raw: string): number | string | null {
  if (raw === '') return null;
  return /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
}

export function profileFromForm(fields: FormFields, thisYear: number): unknown {
  return {
    firstName: text(fields, 'firstName'),
    lastName: text(fields, 'lastName'),
    middleName: text(fields, 'middleName'),
    gender: formNumber(text(fields, 'gender')),
    birthDate: formDate(fields, 'birth', thisYear),
    pregnancyDueDate: text(fields, 'pregnancyDueDate') || null,
    subscribeSms: 'subscribeSms' in fields,
    subscribeEmail: 'subscribeEmail' in fields,
  };
}

export function childFromForm(fields: FormFields, thisYear: number): unknown {
  return {
    name: text(fields, 'name'),
    gender: text(fields, 'gender'),
    // The birth date is required: none at all is refused like a part missing.
    birthDate: formDate(fields, 'birth', thisYear) ?? '',
  };
}

export function locationFromForm(fields: FormFields): unknown {
  return {
    cityId: formNumber(text(fields, 'cityId')),
    deliveryMethodSlug: text(fields, 'deliveryMethodSlug'),
    branchRef: text(fields, 'branchRef'),
    street: text(fields, 'street'),
    building: text(fields, 'building'),
    apartment: text(fields, 'apartment'),
    shopRef: text(fields, 'shopRef'),
  };
}

/** Forms whose fields are the JSON body's as they are (language, e-mail, password, provider). */
export function plainFromForm(fields: FormFields): unknown {
  return { ...fields };
}

function reviewText(fields: FormFields): Record<string, unknown> {
  return {
    rating: formNumber(text(fields, 'rating')) ?? '',
    pros: text(fields, 'pros'),
    cons: text(fields, 'cons'),
    comment: text(fields, 'comment'),
  };
}

/** A review's text fields (rating, pros, cons, comment: src/api/schemas/content.ts reviewUpdateSchema). */
export function reviewTextFromForm(fields: FormFields): unknown {
  return reviewText(fields);
}

/** A new review: its text, the product and the variant's article (reviewCreateSchema). */
export function newReviewFromForm(fields: FormFields): unknown {
  const article = text(fields, 'article');
  return {
    ...reviewText(fields),
    productId: formNumber(text(fields, 'productId')) ?? '',
    article: article === '' ? null : article,
  };
}

/** A wish list's title (create, rename). */
export function wishListTitleFromForm(fields: FormFields): unknown {
  return { title: text(fields, 'title') };
}

/** A wish-list item (add): the product and its variant. */
export function wishListItemFromForm(fields: FormFields): unknown {
  return {
    productId: formNumber(text(fields, 'productId')),
    nomenclatureId: formNumber(text(fields, 'nomenclatureId')),
  };
}

/** A move: the item's list, product and variant (hidden fields) and the list chosen to take it. */
export function wishListMoveFromForm(fields: FormFields): unknown {
  return {
    sourceListId: formNumber(text(fields, 'sourceListId')),
    targetListId: formNumber(text(fields, 'targetListId')),
    productId: formNumber(text(fields, 'productId')),
    nomenclatureId: formNumber(text(fields, 'nomenclatureId')),
  };
}

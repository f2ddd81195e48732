// The sign-up form's schema: the shared fields plus the password match, checked even while other fields are still wrong.
import { registrationFields, textMessages, type Registration } from '@dealerleads/shared';

/**
 * `registrationSchema` only compares the passwords once every other field parses (zod skips a
 * refinement after field errors); a form has to say 'must match' as soon as both are typed.
 */
export const registrationFormSchema = registrationFields.refine(
  (values) => values.password === values.confirmPassword,
  {
    message: textMessages.passwordsMustMatch,
    path: ['confirmPassword'],
    when: ({ value }) => {
      const form = value as Partial<Record<keyof Registration, unknown>>;
      return (
        typeof form.password === 'string' &&
        typeof form.confirmPassword === 'string' &&
        form.confirmPassword !== ''
      );
    },
  },
);

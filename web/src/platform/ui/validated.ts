import type { FormInstance } from 'antd';

/** antd's rejection when a rule fails: the errors are already shown beside the fields. */
export const isValidationFailure = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && Array.isArray((err as { errorFields?: unknown }).errorFields);

/**
 * The form's values when every rule passes, else null. A save button awaits this instead of
 * `form.validateFields()`, whose rejection would otherwise escape the click handler as an unhandled promise.
 */
export async function validated<T>(form: Pick<FormInstance<T>, 'validateFields'>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (err) {
    if (isValidationFailure(err)) return null;
    throw err;
  }
}

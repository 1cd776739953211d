import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * Fills a form once per record. `record` names what the form edits and is null while it is on its way; the
 * form should not be shown until then. A refetch of the same record, or its arrival while someone types,
 * must not overwrite what they typed, and a save meanwhile must not send empty fields.
 */
export function useFillOnce(form: FormInstance, record: string | null, values: () => Record<string, unknown>) {
  const filled = useRef<string | null>(null);
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    if (record === null || filled.current === record) return;
    form.setFieldsValue(latest.current());
    filled.current = record;
  }, [form, record]);
}

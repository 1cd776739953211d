import { Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http/client';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  /** Reads and validates the phone field; returns null when it is not valid yet. */
  phone: () => Promise<string | null>;
  purpose: 'register' | 'companyRegister';
}

/** The 6-digit code box with its "send code" button, counting down until another code may be asked. */
export function SmsCodeInput({ value, onChange, phone, purpose }: Props) {
  const { t } = useTranslation('signup');
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    const number = await phone();
    if (!number) return;
    setSending(true);
    try {
      const r = await http.post<{ data: { resendAfter: number } }>('/api-user/users-anon/sendSms', {
        phone: number,
        purpose,
      });
      setWait(r.data.resendAfter);
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setSending(false);
    }
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('smsCodePlaceholder')}
        data-testid="signup-sms-code"
      />
      <Button onClick={send} loading={sending} disabled={wait > 0} data-testid="signup-send-sms">
        {wait > 0 ? t('resendIn', { seconds: wait }) : t('sendCode')}
      </Button>
    </Space.Compact>
  );
}

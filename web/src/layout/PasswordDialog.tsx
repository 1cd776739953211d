import { Alert, Button, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryClient } from '../app/Providers';
import { logout } from '../app/session';
import { http } from '../platform/http/client';
import {
  checkConfirm,
  checkNewPassword,
  checkOriginal,
  type PasswordMessage,
  stripChinese,
} from '../platform/password/rules';
import { useStore } from '../platform/store';
import { toast, toastAcrossLogout } from '../platform/ui/feedback';
import { closePassword, layoutStore } from './layout-store';

export const PASSWORD_DIALOG_WIDTH = 650;

interface PasswordForm {
  password?: string;
  newpassword: string;
  verifynewpassword: string;
}

/**
 * Change password (spec 2.4, 4, 5): normal, forced (cannot close, no cancel, the initial-password notice) and
 * reset of another person (original field hidden, just closes on success). After a change of one's own
 * password the user is told to log in again and is logged out.
 */
export function PasswordDialog() {
  const { t } = useTranslation('password');
  const navigate = useNavigate();
  const state = useStore(layoutStore).password;
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);
  const mode = state?.mode ?? 'normal';
  const forced = mode === 'forced';
  const reset = mode === 'reset';

  useEffect(() => {
    if (state) form.resetFields();
  }, [state, form]);

  const rule = (check: (v: string | undefined) => PasswordMessage | null) => ({
    validator: (_: unknown, value: string | undefined) => {
      const key = check(value);
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  });

  const submit = async (values: PasswordForm) => {
    setBusy(true);
    try {
      if (reset) {
        await http.post('/api-user/users/resetPassword', {
          peopleid: state?.peopleId,
          newpassword: values.newpassword,
          verifynewpassword: values.verifynewpassword,
        });
        toast('success', t('resetDone'));
        closePassword();
        return;
      }
      await http.post('/api-user/users/updatePassword', {
        password: values.password,
        newpassword: values.newpassword,
        verifynewpassword: values.verifynewpassword,
      });
      closePassword();
      toastAcrossLogout('success', t('changedLoginAgain'), 5);
      await logout();
      queryClient.clear();
      navigate('/login', { replace: true });
    } catch {
      // The HTTP client has shown the server's message (rtnCode 201).
    } finally {
      setBusy(false);
    }
  };

  const title = reset ? (state?.name ? t('resetTitleNamed', { name: state.name }) : t('resetTitle')) : t('title');

  return (
    <Modal
      open={Boolean(state)}
      title={title}
      width={PASSWORD_DIALOG_WIDTH}
      closable={!forced}
      keyboard={!forced}
      mask={{ closable: !forced }}
      onCancel={forced ? undefined : closePassword}
      destroyOnHidden
      footer={[
        ...(forced
          ? []
          : [
              <Button key="cancel" onClick={closePassword} data-testid="password-cancel">
                {t('common:actions.cancel')}
              </Button>,
            ]),
        <Button key="ok" type="primary" loading={busy} onClick={() => form.submit()} data-testid="password-submit">
          {t('common:actions.confirm')}
        </Button>,
      ]}
      data-testid="password-dialog"
      className={`password-dialog password-dialog--${mode}`}
    >
      {forced ? (
        <Alert
          type="warning"
          showIcon
          title={t('forcedNotice')}
          className="password-dialog__notice"
          data-testid="password-forced-notice"
        />
      ) : null}
      <Form<PasswordForm>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '170px' }}
        labelWrap
        onFinish={submit}
        autoComplete="off"
        className="password-form"
      >
        {reset ? null : (
          <Form.Item
            name="password"
            label={t('original')}
            normalize={stripChinese}
            rules={[rule(checkOriginal)]}
            required
          >
            <Input.Password
              placeholder={t('originalPlaceholder')}
              autoComplete="current-password"
              data-testid="password-original"
            />
          </Form.Item>
        )}
        <Form.Item
          name="newpassword"
          label={t('new')}
          normalize={stripChinese}
          rules={[rule(checkNewPassword)]}
          required
        >
          <Input.Password placeholder={t('newPlaceholder')} autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="verifynewpassword"
          label={t('confirm')}
          normalize={stripChinese}
          dependencies={['newpassword']}
          required
          rules={[
            ({ getFieldValue }) => ({
              validator: (_: unknown, value: string | undefined) => {
                const key = checkConfirm(value, getFieldValue('newpassword'));
                return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input.Password
            placeholder={t('confirmPlaceholder')}
            autoComplete="new-password"
            data-testid="password-confirm"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

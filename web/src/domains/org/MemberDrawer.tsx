import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Col,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  TreeSelect,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import { validated } from '../../platform/ui/validated';
import { type Member, type OrgNode, orgTree, roleList, saveMember } from './api';

interface Props {
  member: Member | null;
  organizationId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

const orgOptions = (nodes: OrgNode[]): object[] =>
  nodes.map((n) => ({ value: n.id, title: n.organizationName, children: orgOptions(n.children) }));

const DATES = ['entry_date', 'birthday'] as const;

/** Create or edit a member with the fields of spec 3.1; a new member gets an initial password. */
export function MemberDrawer({ member, organizationId, onClose, onSaved }: Props) {
  const { t } = useTranslation('org');
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { data: orgs = [] } = useQuery({ queryKey: ['org-tree'], queryFn: orgTree });
  const { data: roles = [] } = useQuery({ queryKey: ['org-roles'], queryFn: roleList });
  const initial = member
    ? {
        ...member,
        entry_date: member.entry_date ? dayjs(member.entry_date) : null,
        birthday: member.birthday ? dayjs(member.birthday) : null,
      }
    : {
        organizationid: organizationId ?? undefined,
        state: 1,
        usertype: 1,
        is_repairman: false,
        is_repair_leader: false,
      };

  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    for (const d of DATES) values[d] = values[d] ? dayjs(values[d]).format('YYYY-MM-DD') : null;
    if (member) {
      delete values.password;
      delete values.verifypassword;
    }
    setSaving(true);
    try {
      await saveMember(member ? { id: member.id, ...values, updatedAt: member.updatedAt } : values);
      toast('success', t('messages.saved'));
      onSaved();
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as { field?: string; msg?: string } | null) : null;
      if (body?.field && body.msg) form.setFields([{ name: body.field, errors: [body.msg] }]);
    } finally {
      setSaving(false);
    }
  };

  const f = (name: string) => t(`member.fields.${name}`);
  const required = (name: string) => [{ required: true, message: t('form.required', { label: f(name) }) }];
  const yesNo = [
    { value: 1, label: t('sex.1') },
    { value: 2, label: t('sex.2') },
  ];

  return (
    <Drawer
      open
      size={720}
      title={t(member ? 'member.edit' : 'member.add')}
      onClose={onClose}
      destroyOnHidden
      data-testid="member-form"
      extra={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="member-form-save">
            {t('actions.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="peoplename" label={f('peoplename')} rules={required('peoplename')}>
              <Input maxLength={50} data-testid="member-field-peoplename" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="number" label={f('number')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="organizationid" label={f('organizationid')} rules={required('organizationid')}>
              <TreeSelect treeData={orgOptions(orgs)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="mobile"
              label={f('mobile')}
              rules={[{ pattern: /^[0-9+() -]*$/, message: t('form.invalid', { label: f('mobile') }) }]}
            >
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="username"
              label={f('username')}
              rules={[
                ...required('username'),
                { pattern: /^[^\s#]{2,50}$/, message: t('form.invalid', { label: f('username') }) },
              ]}
            >
              <Input maxLength={50} autoComplete="off" data-testid="member-field-username" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="usertype" label={f('usertype')}>
              <InputNumber min={0} max={9} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {!member && (
            <>
              <Col span={12}>
                <Form.Item name="password" label={f('password')} rules={required('password')}>
                  <Input.Password autoComplete="new-password" data-testid="member-field-password" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="verifypassword"
                  label={f('verifypassword')}
                  dependencies={['password']}
                  rules={[
                    ...required('verifypassword'),
                    ({ getFieldValue }) => ({
                      validator: (_r, v) =>
                        !v || v === getFieldValue('password')
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('member.mismatch'))),
                    }),
                  ]}
                >
                  <Input.Password autoComplete="new-password" data-testid="member-field-verifypassword" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col span={24}>
            <Form.Item name="roleIds" label={f('roleIds')}>
              <Select
                mode="multiple"
                options={roles.map((r) => ({ value: r.id, label: r.name }))}
                optionFilterProp="label"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="label" label={f('label')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="email"
              label={f('email')}
              rules={[{ type: 'email', message: t('form.invalid', { label: f('email') }) }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="is_repairman" label={f('is_repairman')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="is_repair_leader" label={f('is_repair_leader')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sex" label={f('sex')}>
              <Radio.Group options={yesNo} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="pinyin" label={f('pinyin')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="landline" label={f('landline')}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="entry_date" label={f('entry_date')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="birthday" label={f('birthday')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="note" label={f('note')}>
              <Input.TextArea maxLength={500} rows={3} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}

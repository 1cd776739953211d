import { Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { addAssociation, type Company } from './api';

/** Puts the chosen companies in one group led by one of them (company/addSysAssoce). */
export function AssociateDialog({
  companies,
  onClose,
  onSaved,
}: {
  companies: Company[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('operator');
  const [groupId, setGroupId] = useState<number | undefined>(companies[0]?.id);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!groupId) return;
    setSaving(true);
    try {
      await addAssociation(
        groupId,
        companies.map((c) => c.id),
      );
      toast('success', t('messages.saved'));
      onSaved();
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('company.associate')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
    >
      <p>{t('company.associateHint', { count: companies.length })}</p>
      <Select
        style={{ width: '100%' }}
        value={groupId}
        onChange={setGroupId}
        options={companies.map((c) => ({ value: c.id, label: c.name }))}
      />
    </Modal>
  );
}

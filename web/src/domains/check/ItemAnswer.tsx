import { Input, Radio, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../resources/FileInput';
import type { Row } from '../../resources/types';
import { sendAnswer, useOutbox } from './outbox';

const split = (v: unknown) =>
  String(v ?? '')
    .split(/[,，;；|]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * One item of a task: what to check and its answer box for the item's kind. Each answer is sent at once; the
 * server judges it and an abnormal answer turns the item red.
 */
export function ItemAnswer({ item, editable, onSaved }: { item: Row; editable: boolean; onSaved: () => void }) {
  const { t } = useTranslation('check');
  const kept = useOutbox()[String(item.id)];
  const first = kept ? kept.answer : item.answer;
  const [answer, setAnswer] = useState<string>(first == null ? '' : String(first));
  const [note, setNote] = useState<string>(
    (kept ? kept.note : item.note) == null ? '' : String(kept?.note ?? item.note),
  );
  const [photos, setPhotos] = useState<unknown[]>(Array.isArray(item.photos) ? item.photos : []);
  const type = String(item.answerType);

  const save = async (next: { answer?: string; note?: string; photos?: unknown[] }) => {
    const body = {
      id: Number(item.id),
      answer: (next.answer ?? answer) || null,
      note: (next.note ?? note) || null,
      photos: next.photos ?? photos,
    };
    if (type !== 'photo' && !body.answer) return;
    try {
      if ((await sendAnswer({ ...body, taskId: Number(item.taskId) })) === 'sent') onSaved();
    } catch {
      // refused: the client shows the message; the box keeps what was typed
    }
  };

  const limits =
    type === 'number' && (item.lowerLimit != null || item.upperLimit != null)
      ? `${item.lowerLimit ?? '−∞'} ~ ${item.upperLimit ?? '+∞'} ${item.unit ?? ''}`
      : null;

  return (
    <div
      className={`check-item${item.abnormal ? ' check-item-abnormal' : ''}`}
      data-testid={`check-item-${item.id}`}
      data-abnormal={item.abnormal ? 'true' : 'false'}
    >
      <div className="check-item-head">
        <strong>{String(item.name)}</strong>
        {item.part ? <span className="check-item-part">{String(item.part)}</span> : null}
        {kept ? (
          <Tag color="orange" data-testid={`check-kept-${item.id}`}>
            {t('task.kept')}
          </Tag>
        ) : item.abnormal ? (
          <Tag color="red">{t('task.abnormal')}</Tag>
        ) : item.answeredAt ? (
          <Tag color="green">{t('task.normal')}</Tag>
        ) : null}
      </div>
      {(item.standard || item.method || limits) && (
        <div className="check-item-standard">
          {[item.method, item.standard, limits].filter(Boolean).map(String).join(' · ')}
        </div>
      )}
      <div className="check-item-answer">
        {type === 'number' && (
          <Input
            inputMode="decimal"
            value={answer}
            disabled={!editable}
            suffix={item.unit ? String(item.unit) : undefined}
            placeholder={t('task.reading')}
            onChange={(e) => setAnswer(e.target.value)}
            onBlur={() => void save({})}
            onPressEnter={() => void save({})}
            data-testid="check-answer-number"
          />
        )}
        {type === 'passfail' && (
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={answer || undefined}
            disabled={!editable}
            onChange={(e) => {
              setAnswer(e.target.value);
              void save({ answer: e.target.value });
            }}
            options={[
              { value: 'pass', label: <span data-testid="check-answer-pass">{t('task.pass')}</span> },
              { value: 'fail', label: <span data-testid="check-answer-fail">{t('task.fail')}</span> },
            ]}
          />
        )}
        {type === 'choice' && (
          <Radio.Group
            optionType="button"
            value={answer || undefined}
            disabled={!editable}
            onChange={(e) => {
              setAnswer(e.target.value);
              void save({ answer: e.target.value });
            }}
            options={split(item.choices).map((c) => ({ value: c, label: c }))}
            data-testid="check-answer-choice"
          />
        )}
        {type === 'text' && (
          <Input.TextArea
            autoSize
            maxLength={500}
            value={answer}
            disabled={!editable}
            onChange={(e) => setAnswer(e.target.value)}
            onBlur={() => void save({})}
            data-testid="check-answer-text"
          />
        )}
        {(type === 'photo' || item.photoRequired === true || photos.length > 0) && (
          <FileInput
            kind="image"
            testId="check-answer-photo"
            value={photos}
            disabled={!editable}
            onChange={(v) => {
              const next = v ?? [];
              setPhotos(next);
              void save({ photos: next });
            }}
          />
        )}
        <Input
          size="small"
          maxLength={500}
          value={note}
          disabled={!editable}
          placeholder={t('task.note')}
          onChange={(e) => setNote(e.target.value)}
          onBlur={() => {
            if (note !== String(item.note ?? '')) void save({});
          }}
        />
      </div>
      {item.repairOrderName || item.repairOrderId ? (
        <div className="check-item-repair">
          {t('task.repairOrder')}: {String(item.repairOrderName ?? item.repairOrderId)}
        </div>
      ) : null}
    </div>
  );
}

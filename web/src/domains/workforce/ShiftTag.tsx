import { Tag } from 'antd';

/** A shift shown in its colour. */
export function ShiftTag({ name, colour }: { name: string; colour: string | null | undefined }) {
  return (
    <Tag color={colour ?? undefined} className="shift-tag">
      {name}
    </Tag>
  );
}

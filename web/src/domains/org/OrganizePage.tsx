import { useState } from 'react';
import { MembersPanel } from './MembersPanel';
import { OrgTreePanel } from './OrgTreePanel';
import './org.css';

/** /setUp/organize: the organisation tree on the left, the members of the selected organisation on the right. */
export default function OrganizePage() {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <div className="org-split" data-testid="organize-page">
      <OrgTreePanel selected={selected} onSelect={setSelected} />
      <MembersPanel organizationId={selected} />
    </div>
  );
}

import { ResourceListPage } from '../../resources/ResourceListPage';

/** /das/instruction: the instructions sent to devices, with their states and results. */
export default function InstructionPage() {
  return <ResourceListPage entity="deviceinstructions" />;
}

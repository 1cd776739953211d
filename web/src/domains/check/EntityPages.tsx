import { useEntityMeta } from '../../resources/api';
import { canOn } from '../../resources/can';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { useKind } from './kind';
import { TemplateButtons } from './TemplateButtons';

/** The check items of the page's kind (/check/spotcheck/2, /patrol/project/1, /maintain/project/3). */
export function ProjectList() {
  const kind = useKind();
  const { data: meta } = useEntityMeta('checkproject');
  const canAdd = !!meta && canOn(meta, { kind }).add;
  return (
    <ResourceListPage
      key={kind}
      entity="checkproject"
      fixed={{ kind }}
      toolbarExtra={(ctx) => <TemplateButtons kind={kind} ctx={ctx} canAdd={canAdd} />}
    />
  );
}

/** The schemes of the page's kind with their items (/check/spotcheckmethod/2, /patrol/programme/1, /maintain/programme/3). */
export function SchemeList() {
  const kind = useKind();
  return <ResourceListPage key={kind} entity="checkscheme" fixed={{ kind }} />;
}

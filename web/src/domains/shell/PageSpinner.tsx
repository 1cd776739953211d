import { Spin } from 'antd';

/** Shown while a page's chunk loads. */
export function PageSpinner({ full = false }: { full?: boolean }) {
  return (
    <div className={full ? 'boot-screen' : 'page-spinner'}>
      <Spin />
    </div>
  );
}

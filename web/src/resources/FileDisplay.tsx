import { PaperClipOutlined } from '@ant-design/icons';
import { Image, Space } from 'antd';
import { getBaseUrl } from '../platform/http/client';
import { getToken } from '../platform/session/storage';
import { entryKey, entryName, entrySrc, fileEntries, isImageName } from './file-values';

/** The files of a record in a list or a view: photos as thumbnails (click to enlarge), others as links. */
export function FileDisplay({ kind, value }: { kind: 'image' | 'attachments'; value: unknown }) {
  const token = getToken();
  const entries = fileEntries(value);
  return (
    <Space size={4} wrap>
      <Image.PreviewGroup>
        {entries.map((e, i) => {
          const name = entryName(e);
          const src = entrySrc(e, token, getBaseUrl());
          const key = entryKey(e, i);
          if (src && (kind === 'image' || isImageName(name)))
            return <Image key={key} src={src} alt={name} width={48} height={48} style={{ objectFit: 'cover' }} />;
          return src ? (
            <a key={key} href={src} target="_blank" rel="noopener noreferrer">
              <PaperClipOutlined /> {name}
            </a>
          ) : (
            <span key={key}>{name}</span>
          );
        })}
      </Image.PreviewGroup>
    </Space>
  );
}

import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../platform/ui/LanguageSwitch';
import { LogoMark } from './LogoMark';
import './standalone.css';

/** The frame of a standalone page: logo and language switch on top, content centred up to 960 px (390 px safe). */
export function StandaloneFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="standalone-page" data-testid={testId}>
      <div className="standalone-page__body">
        <div className="standalone-page__bar">
          <LogoMark />
          <LanguageSwitch />
        </div>
        {children}
      </div>
    </div>
  );
}

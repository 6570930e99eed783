import { useAnnouncementBar } from '../../contexts/announcement-bar.tsx';
import { useSiteConfig } from '../../contexts/site-config.tsx';
import { CloseIcon } from '../Icons/Icons.tsx';

export function AnnouncementBar() {
  const { announcementBar } = useSiteConfig();
  const { isActive, close } = useAnnouncementBar();
  if (!announcementBar || !isActive) return null;
  return (
    <div className="announcement-bar" role="region" aria-label="Объявление">
      <p className="announcement-bar__text">
        {announcementBar.text}
        {announcementBar.link && (
          <>
            {' '}
            <a href={announcementBar.link.href}>{announcementBar.link.label}</a>
          </>
        )}
      </p>
      {announcementBar.closeable && (
        <button type="button" className="announcement-bar__close icon-button" aria-label="Закрыть объявление" onClick={close}>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}

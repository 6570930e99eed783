import { useNavigation } from '../../contexts/navigation.tsx';

/** Shown in place of the content when the next page could not be loaded. */
export function LoadError() {
  const { error, retry } = useNavigation();
  return (
    <div className="error-panel" role="alert">
      <h1>Не удалось загрузить страницу</h1>
      <p className="error-panel__message">{error}</p>
      <button type="button" className="button button--primary" onClick={retry}>Повторить</button>
    </div>
  );
}

import { onServer, StaticIsland } from '../StaticIsland/StaticIsland.tsx';

function NotFoundText() {
  return (
    <>
      <h1>Страница не найдена</h1>
      <p>К сожалению, мы не нашли страницу по этому адресу.</p>
      <p>Если вы пришли сюда по ссылке, пожалуйста, сообщите владельцу сайта, откуда она ведёт, чтобы мы её исправили.</p>
      <p><a className="button button--primary" href="/">На главную</a></p>
    </>
  );
}

/** Only a page load shows it (a link to a missing page fails over to one), so it is an island. */
export function NotFound() {
  return <StaticIsland name="not-found" as="div" className="not-found">{onServer ? <NotFoundText /> : null}</StaticIsland>;
}

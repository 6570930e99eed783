export function NotFound() {
  return (
    <div className="not-found">
      <h1>Страница не найдена</h1>
      <p>К сожалению, мы не нашли страницу по этому адресу.</p>
      <p>Если вы пришли сюда по ссылке, пожалуйста, сообщите владельцу сайта, откуда она ведёт, чтобы мы её исправили.</p>
      <p><a className="button button--primary" href="/">На главную</a></p>
    </div>
  );
}

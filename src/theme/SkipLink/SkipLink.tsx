export function SkipLink() {
  return (
    <a className="skip-link" href="#main" data-no-router="">
      Перейти к основному содержимому
    </a>
  );
}

import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';

export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Legal">
        <ul>
          <li>
            <Link to={paths.privacy}>Privacy policy</Link>
          </li>
          <li>
            <Link to={paths.terms}>Terms and conditions</Link>
          </li>
          <li>
            <Link to={paths.impressum}>Impressum</Link>
          </li>
          <li>
            <Link to={paths.changelog}>Changelog</Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}

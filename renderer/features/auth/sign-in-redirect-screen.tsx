/** /a/sign-in/ (v2.auth.signIn): an old address of the log-in tab; goes there with the same query. */
import { Navigate, useLocation } from 'react-router-dom';
import { href } from '../../routes/route-table';

export default function SignInRedirectScreen() {
  const { search, hash } = useLocation();
  return <Navigate to={`${href('v2.authLogin')}${search}${hash}`} replace />;
}

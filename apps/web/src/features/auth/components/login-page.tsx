import { useLocation, useNavigate } from 'react-router';
import { LoginForm } from './login-form';

/** /login inside the app (a guest sent here by a deep link): on to where they were going. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return <LoginForm onSignedIn={() => navigate(from && from !== '/login' ? from : '/', { replace: true })} />;
}

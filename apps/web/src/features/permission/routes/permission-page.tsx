import { RoleScreen } from '../components/role-screen';

/** `/permission/index`: role permission management. */
export default function PermissionPage() {
  return <RoleScreen />;
}

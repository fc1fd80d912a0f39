/**
 * The frame of every admin screen: breadcrumbs (Admin → the tool), the page's h1, the staff
 * member's role (analysts are told they only look), the navigation between the admin tools, then the
 * screen. Built on the kit's PageLayout and the people domain's TabLinks.
 */
import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLayout, type TCrumb } from '../../kit/page-layout';
import { href, type TRouteName } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { TabLinks } from '../../kit/tab-links';

type TAdminTool = Extract<
  TRouteName,
  | 'v2.admin.findUser'
  | 'v2.admin.mergeAccounts'
  | 'v2.admin.userMessages'
  | 'v2.admin.viewExchangeDetails'
  | 'v2.admin.viewGroupDetails'
  | 'v2.admin.replaceExchangePerson'
  | 'v2.admin.cloneWishLists'
  | 'v2.admin.auditLog'
>;

export const ADMIN_TOOLS: readonly { route: TAdminTool; label: string; testId: string; description: string }[] = [
  {
    route: 'v2.admin.findUser',
    label: 'Find a user',
    testId: 'admin-nav-find-user',
    description: 'By e-mail, name, username or id; open a member, start a support session.',
  },
  {
    route: 'v2.admin.mergeAccounts',
    label: 'Merge accounts',
    testId: 'admin-nav-merge',
    description: 'Two accounts of one person become one: conflicts first, one audited step.',
  },
  {
    route: 'v2.admin.userMessages',
    label: 'Messages',
    testId: 'admin-nav-messages',
    description: 'A member’s conversations for abuse reports. Every read is audited.',
  },
  {
    route: 'v2.admin.viewExchangeDetails',
    label: 'Exchanges',
    testId: 'admin-nav-exchanges',
    description: 'Any exchange: events, questions and flagged answers, restrictions, countries, notes.',
  },
  {
    route: 'v2.admin.viewGroupDetails',
    label: 'Groups',
    testId: 'admin-nav-groups',
    description: 'Any group: members, removed members and invitations.',
  },
  {
    route: 'v2.admin.replaceExchangePerson',
    label: 'Replace a person',
    testId: 'admin-nav-replace',
    description: 'Put someone else in a participant’s place, keeping every other pairing.',
  },
  {
    route: 'v2.admin.cloneWishLists',
    label: 'Clone wish lists',
    testId: 'admin-nav-clone',
    description: 'Copy lists and their wishes from one member to another.',
  },
  {
    route: 'v2.admin.auditLog',
    label: 'Audit log',
    testId: 'admin-nav-audit',
    description: 'Support sessions, merges, message reads and the other staff actions.',
  },
];

/** The acting staff member and what their roles allow (one cached answer for every screen). */
export function useStaff() {
  return trpc.admin.me.useQuery(undefined, { staleTime: 5 * 60_000, retry: false });
}

const ROLE_LABELS: Readonly<Record<string, string>> = {
  ElfSupportAnalyst: 'Support analyst',
  ElfSupportAdmin: 'Support admin',
  ElfSupportLead: 'Support lead',
};

export function StaffRoleBadge() {
  const staff = useStaff();
  if (!staff.data) return null;
  return (
    <Group gap="xs" data-testid="staff-roles">
      {staff.data.roles.map((role) => (
        <Badge key={role} variant="light" color="blue">
          {ROLE_LABELS[role] ?? role}
        </Badge>
      ))}
      {!staff.data.canAct ? (
        <Text size="sm" c="dimmed" data-testid="staff-read-only">
          Read only: you can look, not change.
        </Text>
      ) : null}
    </Group>
  );
}

export interface TAdminPageProps {
  title: string;
  description?: ReactNode;
  /** Crumbs between "Admin" and this page (e.g. the exchange search before one exchange). */
  trail?: TCrumb[];
  actions?: ReactNode;
  testId: string;
  children: ReactNode;
}

export function AdminPage({ title, description, trail = [], actions, testId, children }: TAdminPageProps) {
  const { pathname } = useLocation();
  const tabs = ADMIN_TOOLS.map((tool) => {
    const to = href(tool.route);
    return { label: tool.label, to, active: pathname.startsWith(to), testId: tool.testId };
  });
  return (
    <PageLayout
      title={title}
      description={description}
      breadcrumbs={[{ label: 'Admin', to: href('v2.admin.root') }, ...trail, { label: title }]}
      actions={actions}
      testId={testId}
      size="xl"
    >
      <StaffRoleBadge />
      <TabLinks label="Admin tools" tabs={tabs} />
      {children}
    </PageLayout>
  );
}

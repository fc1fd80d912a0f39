/**
 * The content-managed screens (/welcome/, /splash/, /browser-buttons/, /contact-us/, /terms/): the router
 * fetched GET /v1/content/screens/<name> (renderer/routes/router.tsx); this renders its
 * title and sections. Section links go where they point: in-app by the router, app-scheme deep
 * links and other sites left to the browser.
 */
import { Anchor, Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../routes/link';
import { ZContent, type TContent, type TContentSection } from '../../../server/contracts/content';
import { useRouteData } from '../../app/route-data';
import { classifyLink } from '../../app/runtime/deep-links';

export function isContent(value: unknown): value is TContent {
  return ZContent.safeParse(value).success;
}

function sectionId(index: number): string {
  return `section-${index + 1}`;
}

function Cta({ cta }: { cta: NonNullable<TContentSection['cta']> }) {
  const target = classifyLink(cta.href, window.location.origin);
  if (target.kind === 'invalid') return null;
  if (target.kind === 'in-app') {
    return (
      <Button component={Link} to={target.to} variant="light" data-testid="content-cta">
        {cta.label}
      </Button>
    );
  }
  // Deep links (app scheme), other sites and server pages: a plain link the browser (or OS) follows.
  return (
    <Button
      component="a"
      href={target.href}
      variant="light"
      data-testid="content-cta"
      {...(target.kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {cta.label}
    </Button>
  );
}

export default function ContentScreen() {
  const content = useRouteData();
  if (!isContent(content)) {
    return (
      <Container size="sm" py="xl" data-testid="content-screen">
        <Text c="dimmed">This page has no content yet.</Text>
      </Container>
    );
  }
  const withHeadings = content.sections.filter((section) => section.heading).length > 1;
  return (
    <Container size="md" py="xl" data-testid="content-screen" data-component={content.componentName}>
      <Stack gap="lg">
        <Title order={1} data-testid="content-title">
          {content.title}
        </Title>
        {withHeadings && (
          <Stack gap={4} component="nav" aria-label="On this page" data-testid="content-toc">
            {content.sections.map((section, index) =>
              section.heading ? (
                <Anchor key={sectionId(index)} component={Link} to={`#${sectionId(index)}`} size="sm">
                  {section.heading}
                </Anchor>
              ) : null,
            )}
          </Stack>
        )}
        {content.sections.map((section, index) => (
          <Card
            key={sectionId(index)}
            id={sectionId(index)}
            withBorder
            radius="md"
            padding="lg"
            data-testid="content-section"
          >
            <Stack gap="sm">
              {section.heading && (
                <Title order={2} fz="h3">
                  {section.heading}
                </Title>
              )}
              <Text style={{ whiteSpace: 'pre-line' }}>{section.body}</Text>
              {section.cta && (
                <div>
                  <Cta cta={section.cta} />
                </div>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}

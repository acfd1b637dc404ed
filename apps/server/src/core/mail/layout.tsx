/**
 * The look every e-mail shares: a white card on a light background,
 * readable on a phone, with inline styles only (mail programs ignore style
 * sheets), and the few pieces the messages are made of. React escapes every
 * value (names, notes and batch descriptions come from people). No remote
 * images, fonts or pixels: nothing in our mail reports back when it is read.
 */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';

const NAVY = '#0b1f3a';
const SKY = '#0369a1';
const INK = '#1e293b';
const MUTED = '#475569';
const RULE = '#e2e8f0';

export const styles = {
  paragraph: { margin: '0 0 12px', fontSize: '15px', lineHeight: '1.55', color: INK },
  muted: { margin: '0 0 12px', fontSize: '13px', lineHeight: '1.5', color: MUTED },
  list: {
    margin: '0 0 12px',
    fontSize: '15px',
    lineHeight: '1.55',
    color: INK,
    paddingLeft: '20px',
  },
  listItem: { margin: '0 0 4px' },
  table: { borderCollapse: 'collapse', width: '100%', fontSize: '14px', color: INK },
  cell: {
    padding: '6px 8px',
    borderBottom: `1px solid ${RULE}`,
    textAlign: 'left',
    verticalAlign: 'top',
  },
  headerCell: {
    padding: '6px 8px',
    borderBottom: '2px solid #cbd5e1',
    textAlign: 'left',
    fontWeight: 600,
    color: '#334155',
  },
  aside: { color: MUTED },
} satisfies Record<string, CSSProperties>;

/** The message's heading, once at its top. */
export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h1"
      style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '1.3', color: NAVY }}
    >
      {children}
    </Heading>
  );
}

export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={{ margin: '24px 0 8px', fontSize: '16px', color: NAVY }}>
      {children}
    </Heading>
  );
}

export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ ...styles.paragraph, ...style }}>{children}</Text>;
}

/** Small grey print: where a link goes, why the mail came. */
export function Note({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ ...styles.muted, ...style }}>{children}</Text>;
}

/** A bulleted list, one item a line (the items are distinct). */
export function BulletList({ items }: { items: string[] }) {
  return (
    <ul style={styles.list}>
      {items.map((item) => (
        <li key={item} style={styles.listItem}>
          {item}
        </li>
      ))}
    </ul>
  );
}

/** A link in running text; underlined, so it does not rely on its colour alone. */
export function TextLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Link href={href} style={{ color: SKY, textDecorationLine: 'underline' }}>
      {children ?? href}
    </Link>
  );
}

/** The one thing the message asks the reader to do, as a button. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '16px 0 20px' }}>
      <Button
        href={href}
        style={{
          padding: '11px 20px',
          borderRadius: '8px',
          background: SKY,
          color: '#ffffff',
          fontWeight: 600,
          fontSize: '15px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** The footer of a message to a buyer or attendee: replies reach the seller. */
export const QUESTIONS_FOOTER = 'Questions? Reply to this e-mail.';

export interface MailLayoutProps {
  /** The document's title: the subject. */
  title: string;
  /** Why the reader gets this mail, or how to answer it. */
  footer: string;
  children: ReactNode;
}

export function MailLayout({ title, footer, children }: MailLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </Head>
      <Body
        style={{
          margin: 0,
          padding: '20px 8px',
          background: '#f1f5f9',
          fontFamily: "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif",
        }}
      >
        <Container
          style={{
            maxWidth: '600px',
            background: '#ffffff',
            border: `1px solid ${RULE}`,
            borderRadius: '12px',
          }}
        >
          <Section
            style={{ padding: '24px 22px 12px', overflowWrap: 'anywhere', wordBreak: 'break-word' }}
          >
            {children}
          </Section>
          <Section style={{ padding: '12px 22px 20px', borderTop: `1px solid ${RULE}` }}>
            <Note>{footer}</Note>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

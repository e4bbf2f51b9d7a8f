import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'

type LinkItemProps = { children: ReactNode } & (
  | { /** An in-app route (client-side navigation). */ to: string }
  | {
      /** An anchor on the page, a `tel:`/`mailto:` link or another site. */ href: string
      external?: boolean
    }
)

/** One entry of a link list (footer columns, menus): `<li>` around a router link or a plain anchor. */
export function LinkItem(props: LinkItemProps) {
  if ('to' in props) {
    return (
      <li>
        <Link to={props.to}>{props.children}</Link>
      </li>
    )
  }
  return (
    <li>
      {props.external ? (
        <a href={props.href} target="_blank" rel="noopener noreferrer">
          {props.children}
        </a>
      ) : (
        <a href={props.href}>{props.children}</a>
      )}
    </li>
  )
}

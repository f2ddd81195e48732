// A titled offcanvas panel of a fixed width, sliding in from one side, with a labelled close button.
import type { ReactNode } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';

export interface SidePanelProps {
  show: boolean;
  onHide: () => void;
  placement: 'start' | 'end';
  widthPx: number;
  /** The id of the title, which labels the panel. */
  titleId: string;
  title: string;
  closeLabel: string;
  bodyClassName?: string;
  children: ReactNode;
}

export function SidePanel({
  show,
  onHide,
  placement,
  widthPx,
  titleId,
  title,
  closeLabel,
  bodyClassName,
  children,
}: SidePanelProps) {
  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      placement={placement}
      style={{ width: widthPx }}
      aria-labelledby={titleId}
    >
      <Offcanvas.Header closeButton closeLabel={closeLabel}>
        <Offcanvas.Title id={titleId}>{title}</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className={bodyClassName}>{children}</Offcanvas.Body>
    </Offcanvas>
  );
}

import { ActionIcon, NavLink, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';

export const SIDEBAR_ID = 'app-sidebar';

export interface SidebarToggleProps {
  collapsed: boolean;
  onToggle: () => void;
}

/**
 * Collapses the sidebar to icons or expands it again. It sits below the links, shaped like one,
 * so the header keeps its full width for the product and organization names.
 */
export function SidebarToggle({ collapsed, onToggle }: SidebarToggleProps) {
  if (collapsed) {
    return (
      <Tooltip label="Expand sidebar" position="right">
        <ActionIcon
          size={48}
          color="gray.8"
          aria-label="Expand sidebar"
          aria-expanded={false}
          aria-controls={SIDEBAR_ID}
          onClick={onToggle}
          style={{ display: 'flex', marginInline: 'auto' }}
        >
          <IconLayoutSidebarLeftExpand size={24} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <NavLink
      component="button"
      type="button"
      label="Collapse sidebar"
      leftSection={<IconLayoutSidebarLeftCollapse size={22} aria-hidden />}
      aria-expanded
      aria-controls={SIDEBAR_ID}
      onClick={onToggle}
      c="gray.7"
    />
  );
}

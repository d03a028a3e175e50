import { Anchor, List, Modal, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Vehicle } from '../../../core/schema/vehicle.ts';
import { vehiclePath } from '../../shared/fleet-format.ts';

/** 'Associated Vehicle(s)': the vehicles on this workflow, each a link to its page. */
export function AssociatedVehiclesDialog({ vehicles, onClose }: { vehicles: readonly Vehicle[]; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title={`Associated Vehicle(s): ${vehicles.length}`}>
      {vehicles.length === 0 ? (
        <Text c="dimmed">No vehicle is on this workflow.</Text>
      ) : (
        <List spacing={4}>
          {vehicles.map((v) => (
            <List.Item key={v.vehicleId}>
              <Anchor component={Link} to={vehiclePath(v.regNumber)}>
                {v.regNumber}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                {v.vehicleType}
                {v.decommissionDate ? ' (decommissioned)' : ''}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Modal>
  );
}

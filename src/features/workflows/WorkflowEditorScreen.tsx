import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Box, Button, Flex, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { closestCenter, DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { IconCloudOff, IconInfoCircle } from '@tabler/icons-react';
import type { RuleDefinition } from '../../../core/schema/rule.ts';
import { randomWorkflowId, workflowIdParamSchema, type Workflow } from '../../../core/schema/workflow.ts';
import type { Vehicle } from '../../../core/schema/vehicle.ts';
import { useSession } from '../../auth/session-context.ts';
import { addSavedRule, replaceWorkflow, saveWorkflowAs } from '../../data/workflows/mutators.ts';
import { useWorkflowForEditor, type WorkflowForEditor } from '../../data/workflows/queries.ts';
import { useDirtyForm } from '../../pwa/dirty-forms.ts';
import { showSavedOnDevice } from '../../shared/use-change-with-verdict.ts';
import type { Mutator } from '../../sync/mutator.ts';
import { useMutate, useSyncFact } from '../../sync/react.tsx';
import { AddRulePalette, PALETTE_LABELS, PALETTE_PREFIX, type PaletteKind } from './AddRulePalette.tsx';
import { AssociatedVehiclesDialog } from './AssociatedVehiclesDialog.tsx';
import * as model from './editor-model.ts';
import { ChooseRuleDialog, PresavedRulesDialog } from './PresavedRulesDialog.tsx';
import { RuleList, RULE_LIST_ID } from './RuleList.tsx';
import { RuleFace, type RuleRowActions } from './RuleRow.tsx';
import { SaveAsDialog } from './SaveAsDialog.tsx';
import { WORKFLOW_LIST_PATH } from './paths.ts';

/** /InspectionWorkflow/:workflowId (part 2 §2.2): a non-numeric or missing id goes back to the list. */
export function WorkflowEditorScreen() {
  const parsed = workflowIdParamSchema.safeParse(useParams().workflowId ?? '');
  if (!parsed.success) return <Navigate to={WORKFLOW_LIST_PATH} replace />;
  return <WorkflowEditorLoader workflowId={parsed.data} />;
}

function WorkflowEditorLoader({ workflowId }: { workflowId: number }) {
  const data = useWorkflowForEditor(workflowId);
  const bootstrapped = useSyncFact((s) => s.bootstrapped);
  // During the first sync the workflow or its rules may not be here yet: wait rather than show a part.
  if (data === undefined || (!bootstrapped && (data.workflow === null || data.rules.length === 0))) return <Text c="dimmed">Loading...</Text>;
  if (data.workflow === null) {
    return (
      <Alert color="yellow" title="Workflow not found">
        This organization has no workflow {workflowId}.{' '}
        <Anchor component={Link} to={WORKFLOW_LIST_PATH}>
          Back to Inspection Workflows
        </Anchor>
      </Alert>
    );
  }
  // Keyed by workflow: opening another one starts a fresh editor.
  return <WorkflowEditor key={workflowId} workflow={data.workflow} data={data} />;
}

/**
 * Unsaved edits: a new app version waits instead of reloading them away, and closing or reloading the
 * tab asks first. (The app's router has no navigation blocker; a sidebar link leaves without asking.)
 */
function useUnsavedEdits(dirty: boolean): void {
  useDirtyForm(dirty);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

type Dialog = { kind: 'saveAs' } | { kind: 'presaved' } | { kind: 'vehicles' } | { kind: 'choose'; palette: 'CUSTOM' | 'MISSING_AF_1800'; at: number };

function WorkflowEditor({ workflow, data }: { workflow: Workflow; data: WorkflowForEditor }) {
  const navigate = useNavigate();
  const mutate = useMutate();
  const { userId } = useSession().user;
  const online = useSyncFact((s) => s.online);
  // The workflow as opened: its rows and version are what a Save and Replace is based on.
  const [opened] = useState(() => ({ version: workflow.version, ruleIds: data.rules.map((r) => r.workflowRuleId) }));
  const [state, setState] = useState(() => model.openEditor(data.rules));
  const [showRemoved, setShowRemoved] = useState(true);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const { library } = data;

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const associated = useMemo(() => data.vehicles.filter((v) => v.workflowId === workflow.workflowId), [data.vehicles, workflow.workflowId]);
  const inCommission = useMemo(() => data.vehicles.filter((v) => v.decommissionDate === null), [data.vehicles]);
  const customLeft = model.unusedSavedRules(state, library).length;
  const missingLeft = model.missingAf1800Rules(state).length;
  const canReplace = model.canReplace(workflow, state, library);
  const canSaveAs = model.canSaveAs(state, library);
  const changed = model.hasChanges(state);
  const blockers = changed ? model.saveProblems(state, library) : [];
  useUnsavedEdits(changed);

  const actions: RuleRowActions = {
    edit: (key) => setState((s) => model.startEdit(s, key)),
    confirm: (key, rule) => setState((s) => model.confirmEdit(s, key, rule)),
    cancel: (key) => setState((s) => model.cancelEdit(s, key)),
    undo: (key) => setState((s) => model.undoToOriginal(s, key)),
    remove: (key) => setState((s) => model.removeRule(s, key)),
    undelete: (key) => setState((s) => model.undeleteRule(s, key)),
    problemsOf: (key, rule) => {
      const index = state.rules.findIndex((r) => r.key === key);
      return model.ruleProblems(model.confirmEdit(state, key, rule), index, library);
    },
  };

  const add = (kind: PaletteKind, at = state.rules.length) => {
    if (kind === 'PASS_FAIL') setState((s) => model.insertRule(s, model.newRule('PASS_FAIL'), at));
    else setDialog({ kind: 'choose', palette: kind, at });
  };

  const indexOf = (id: string | number | undefined) => state.rules.findIndex((r) => r.key === id);
  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over) return;
    const id = String(active.id);
    const overIndex = over.id === RULE_LIST_ID ? state.rules.length : indexOf(over.id);
    if (id.startsWith(PALETTE_PREFIX)) add(id.slice(PALETTE_PREFIX.length) as PaletteKind, overIndex < 0 ? state.rules.length : overIndex);
    else if (overIndex >= 0 && over.id !== RULE_LIST_ID) setState((s) => model.moveRule(s, indexOf(id), overIndex));
  };

  /**
   * New custom rules into the library, then the workflow: queued in this order, sent in one push. The
   * workflow's arguments are checked first, so a save the device itself refuses queues nothing.
   */
  const queueSave = async <A,>(mutator: Mutator<A>, args: A) => {
    mutator.parse(args);
    const at = new Date().toISOString();
    for (const rule of model.rulesForLibrary(state)) await mutate(addSavedRule, { rule, at });
    await mutate(mutator, args);
    if (!online) showSavedOnDevice();
    void navigate(WORKFLOW_LIST_PATH);
  };

  const replace = () =>
    queueSave(replaceWorkflow, {
      workflowId: workflow.workflowId,
      baseVersion: opened.version,
      rules: model.rulesToSave(state),
      replacedRuleIds: opened.ruleIds,
      userId,
      at: new Date().toISOString(),
    }).catch((error: Error) => notifications.show({ color: 'red', title: 'Not saved', message: error.message }));

  /** Save As; a refusal on the device is shown by the dialog. */
  const saveAs = (title: string, vehicles: Vehicle[]) =>
    queueSave(saveWorkflowAs, {
      workflowId: randomWorkflowId(),
      title,
      rules: model.rulesToSave(state),
      regNumbers: vehicles.map((v) => v.regNumber),
      vehicleIds: vehicles.map((v) => v.vehicleId),
      userId,
      at: new Date().toISOString(),
    });

  const draggedRule = dragging ? state.rules.find((r) => r.key === dragging) : undefined;
  const draggedPalette = dragging?.startsWith(PALETTE_PREFIX) ? PALETTE_LABELS[dragging.slice(PALETTE_PREFIX.length) as PaletteKind] : null;

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
      <Stack gap="md">
        <Title order={1}>
          Editing: <span>{workflow.title}</span>
        </Title>
        {workflow.version !== opened.version ? (
          <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} title="A newer version was saved">
            {workflow.lastModifierName ?? 'Someone'} saved this workflow after you opened it. Save and Replace would be refused; Save As keeps your changes as a new
            workflow, or open the workflow again to edit the latest version.
          </Alert>
        ) : null}
        <Flex gap="lg" align="flex-start">
          <Box style={{ flex: 1, minWidth: 0 }}>
            <RuleList state={state} library={library} showRemoved={showRemoved} onShowRemoved={setShowRemoved} actions={actions} />
          </Box>
          <Paper withBorder p="sm" w={280} style={{ position: 'sticky', top: 16, flexShrink: 0 }}>
            <Stack gap="sm">
              <Button size="sm" onClick={() => setDialog({ kind: 'saveAs' })} disabled={!canSaveAs}>
                Save As...
              </Button>
              <Button size="sm" onClick={() => void replace()} disabled={!canReplace}>
                Save and Replace
              </Button>
              <Button size="sm" variant="default" onClick={() => setDialog({ kind: 'vehicles' })}>
                Associated Vehicle(s): {associated.length}
              </Button>
              {model.isProtectedWorkflow(workflow) ? (
                <Text size="xs" c="dimmed">
                  An AF-1800 Full workflow keeps its title and rules: Save As a workflow of your own.
                </Text>
              ) : null}
              {blockers.map((b) => (
                <Text key={b} size="xs" c="red.8">
                  {b}
                </Text>
              ))}
              {!online ? (
                <Alert color="gray" icon={<IconCloudOff aria-hidden />} p="xs">
                  <Text size="xs">
                    Offline. A save waits on this device and is sent when it is back online. If someone else saves this workflow first, your Save and Replace is
                    refused with their name and theirs is kept.
                  </Text>
                </Alert>
              ) : null}
              <AddRulePalette customLeft={customLeft} missingLeft={missingLeft} onAdd={(kind) => add(kind)} />
              <Button size="sm" variant="subtle" onClick={() => setDialog({ kind: 'presaved' })}>
                View Pre-Saved Rules
              </Button>
            </Stack>
          </Paper>
        </Flex>
      </Stack>
      <DragOverlay>
        {draggedRule ? (
          <Paper withBorder shadow="md" p="xs" style={{ cursor: 'grabbing' }} data-testid="rule-drag-overlay">
            <RuleFace rule={draggedRule.rule} badge={null} />
          </Paper>
        ) : draggedPalette ? (
          <Paper withBorder shadow="md" p="xs">
            <Text size="sm">New {draggedPalette} rule</Text>
          </Paper>
        ) : null}
      </DragOverlay>
      {dialog?.kind === 'saveAs' ? <SaveAsDialog vehicles={inCommission} titles={data.titles} onSave={saveAs} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'presaved' ? <PresavedRulesDialog library={library} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'vehicles' ? <AssociatedVehiclesDialog vehicles={associated} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'choose' ? (
        <ChooseRuleDialog
          title={dialog.palette === 'CUSTOM' ? 'Add a pre-saved rule' : 'Add a template AF-1800 rule'}
          choices={dialog.palette === 'CUSTOM' ? model.unusedSavedRules(state, library) : model.missingAf1800Rules(state)}
          onChoose={(rule: RuleDefinition) => setState((s) => model.insertRule(s, model.newRule(dialog.palette, rule), dialog.at))}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </DndContext>
  );
}

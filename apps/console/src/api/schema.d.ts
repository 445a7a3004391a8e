// Generated from /api/schema/ by `node scripts/console-types.mjs` (openapi-typescript): do not edit.
export interface paths {
    "/_health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up (liveness). */
        get: operations["Operations_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Operations_metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database answers and the process is not shutting down (readiness). */
        get: operations["Operations_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/early_access_features": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Early-access features for posthog-js (SDK endpoint, project token in the query)
         * @description The features of the stages named by repeated `stage` parameters (`beta` when none), each with its flag key; posthog-js enrols a person with `updateEarlyAccessFeatureEnrollment(flagKey, true)`.
         */
        get: operations["EarlyAccessFeaturesSdk_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/feature_flag/local_evaluation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Flag definitions for local evaluation (posthog-node 3.x – 5.29.3) */
        get: operations["Sdk_legacyDefinitions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Signs in with email and password; answers as `GET /api/users/@me/`. Failed attempts are throttled. */
        post: operations["Session_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ends the session of the request's cookie, which must come with its CSRF token (403
         *     otherwise); without a session there is nothing to end and it answers 204 all the same.
         */
        post: operations["Session_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Organizations_list"];
        put?: never;
        post: operations["Organizations_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{organization_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Organizations_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{organization_id}/feature_flag_access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["FeatureFlagAccess_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Sets the level (admins only). */
        patch: operations["FeatureFlagAccess_update"];
        trace?: never;
    };
    "/api/organizations/{organization_id}/feature_flags/{feature_flag_key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The live flags with this key in every project of the organization (`[]` when none). */
        get: operations["OrganizationFlags_byKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{organization_id}/feature_flags/copy_flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copies a live flag to other projects of this organization: a live flag with the same key
         *     there is updated, otherwise one is created. Always 200; each target is in `success` or
         *     `failed` (targets outside the organization fail as "does not exist").
         */
        post: operations["OrganizationFlags_copy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{organization_id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Members_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{organization_id}/members/{user_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes a member (admins), or yourself (leaving); the owner cannot be removed. */
        delete: operations["Members_remove"];
        options?: never;
        head?: never;
        /** Changes a member's level (admins; never your own; owner hands the ownership over). */
        patch: operations["Members_update"];
        trace?: never;
    };
    "/api/organizations/{organization_id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Roles of the organization, oldest first. */
        get: operations["Roles_list"];
        put?: never;
        /** A new role (admins only). */
        post: operations["Roles_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{organization_id}/roles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Roles_get"];
        put?: never;
        post?: never;
        /** Deletes the role, its memberships and its access to flags (admins only). */
        delete: operations["Roles_remove"];
        options?: never;
        head?: never;
        /** Renames the role or changes its level (admins only). */
        patch: operations["Roles_update"];
        trace?: never;
    };
    "/api/organizations/{organization_id}/roles/{id}/role_memberships": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The role's members, oldest first. */
        get: operations["Roles_memberships"];
        put?: never;
        /** Adds a user of the organization to the role (admins only). */
        post: operations["Roles_addMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{organization_id}/roles/{id}/role_memberships/{membership_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes a member from the role (admins only). */
        delete: operations["Roles_removeMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/personal_api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PersonalApiKeys_list"];
        put?: never;
        post: operations["PersonalApiKeys_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/personal_api_keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PersonalApiKeys_get"];
        put?: never;
        post?: never;
        delete: operations["PersonalApiKeys_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Projects_list"];
        put?: never;
        post: operations["Projects_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Projects_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["Projects_update"];
        trace?: never;
    };
    "/api/projects/{project_id}/cohorts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live cohorts of the project, newest first. */
        get: operations["Cohorts_list"];
        put?: never;
        /**
         * A dynamic cohort (`filters` or legacy `groups`; counted in the background, `is_calculating`
         *     meanwhile) or a static one (`is_static: true`, filled through `add_persons_to_static_cohort`).
         */
        post: operations["Cohorts_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/cohorts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A cohort by id, soft-deleted ones included. */
        get: operations["Cohorts_get"];
        put?: never;
        post?: never;
        /** Hard delete is not allowed (PATCH `deleted: true` instead): always 405 with an empty body. */
        delete: operations["Cohorts_refuseDelete"];
        options?: never;
        head?: never;
        /** Changes the given fields; `deleted: true` soft-deletes, `false` restores. */
        patch: operations["Cohorts_update"];
        trace?: never;
    };
    "/api/projects/{project_id}/cohorts/{id}/add_persons_to_static_cohort": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Adds persons (by uuid) to a static cohort. */
        patch: operations["Cohorts_addPersons"];
        trace?: never;
    };
    "/api/projects/{project_id}/cohorts/{id}/persons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cohort's persons as of now, newest first (a static cohort's members). */
        get: operations["Cohorts_persons"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/dashboards/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Dashboards_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/delete_secret_token_backup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["Projects_deleteSecretTokenBackup"];
        trace?: never;
    };
    "/api/projects/{project_id}/early_access_features": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's features, newest first. */
        get: operations["EarlyAccessFeatures_list"];
        put?: never;
        /** Creates the feature and, without `feature_flag_id`, its flag (keyed by the slug of the name). */
        post: operations["EarlyAccessFeatures_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/early_access_features/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["EarlyAccessFeatures_get"];
        put?: never;
        post?: never;
        /** Deletes the feature; its flag stays, without the enrolment condition. */
        delete: operations["EarlyAccessFeatures_delete"];
        options?: never;
        head?: never;
        /** Changes the given fields; a stage change sets the flag's enrolment condition. */
        patch: operations["EarlyAccessFeatures_update"];
        trace?: never;
    };
    "/api/projects/{project_id}/event_definitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List event definitions */
        get: operations["EventDefinitions_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/event_definitions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve an event definition */
        get: operations["EventDefinitions_get"];
        put?: never;
        post?: never;
        /** Delete an event definition */
        delete: operations["EventDefinitions_delete"];
        options?: never;
        head?: never;
        /** Update an event definition */
        patch: operations["EventDefinitions_update"];
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live (non-deleted) flags of the project, newest first unless `order` says otherwise. */
        get: operations["Flags_list"];
        put?: never;
        post: operations["Flags_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/{feature_flag_id}/role_access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["FlagRoleAccess_list"];
        put?: never;
        post: operations["FlagRoleAccess_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/{feature_flag_id}/role_access/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["FlagRoleAccess_get"];
        put?: never;
        post?: never;
        delete: operations["FlagRoleAccess_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/{id_or_key}/remote_config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The `true` payload of the remote-config flag `id_or_key` (an id, or a key), decrypted when
         *     the flag's payloads are encrypted, as PostHog answers it: the payload's JSON text as a JSON
         *     string, or null. 404 for a flag that is not `is_remote_configuration`.
         */
        get: operations["FlagRemoteConfig_remoteConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A flag by id, soft-deleted ones included. */
        get: operations["Flags_get"];
        put?: never;
        post?: never;
        /** Hard delete is not allowed (PATCH `deleted: true` instead): always 405 with an empty body. */
        delete: operations["Flags_refuseDelete"];
        options?: never;
        head?: never;
        /** Changes the given fields. `deleted: true` soft-deletes, `deleted: false` restores. */
        patch: operations["Flags_update"];
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/{id}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Activity of one flag, newest first. */
        get: operations["Flags_activity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/{id}/create_static_cohort_for_flag": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A static cohort of the persons the flag is on for. It answers at once with the cohort
         *     (`is_calculating: true`); its persons are added in the background.
         */
        post: operations["FlagAudience_staticCohort"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/{id}/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Creates a usage dashboard for the flag (a new one each time) and links it as `usage_dashboard`. */
        post: operations["UsageDashboards_dashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/{id}/enrich_usage_dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adds the `$feature_view` / `$feature_interaction` insights to the usage dashboard. 400
         *     `{success: false, error}` when there is no usage dashboard, it has them already, or the flag
         *     has no enriched analytics.
         */
        post: operations["UsageDashboards_enrichUsageDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/{id}/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * SDK evaluations of the flag per day (`/flags`, `/decide`, OFREP, local-evaluation polls),
         *     written every FLAG_CALLS_FLUSH_SECONDS: the counts the usage dashboard shows.
         */
        get: operations["UsageDashboards_evaluations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The flag as it was at `version` (1 is its creation), rebuilt from its activity entries. */
        get: operations["FlagVersions_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/{id}/versions/{version}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Makes the flag what it was at `version` again, as a new change (its version bumps). */
        post: operations["FlagVersions_restore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Activity of every flag of the project, newest first. */
        get: operations["Flags_allActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/evaluation_reasons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every live flag's value for `distinct_id` (stored person properties; `groups` for group
         *     flags) and why: inactive flags as `disabled`.
         */
        get: operations["FlagEvaluation_evaluationReasons"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/local_evaluation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What SDKs need to evaluate locally: every live flag, the group types and (with
         *     `send_cohorts`) the cohorts. Strong ETag; a matching `If-None-Match` gets 304. A personal
         *     API key, or the project's secret token (phs_…).
         */
        get: operations["FlagEvaluation_localEvaluation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/my_flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's own value of every live flag, evaluated for the user behind the key, newest flag first. */
        get: operations["FlagEvaluation_myFlags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/feature_flags/user_blast_radius": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** How many persons (or groups) a condition's properties match, out of how many. */
        post: operations["FlagAudience_blastRadius"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List persons */
        get: operations["Persons_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a person by integer id or uuid */
        get: operations["Persons_get"];
        put?: never;
        post?: never;
        /** Delete a person */
        delete: operations["Persons_delete"];
        options?: never;
        head?: never;
        /** Update person properties (merge) */
        patch: operations["Persons_update"];
        trace?: never;
    };
    "/api/projects/{project_id}/persons/{id}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Activity of one person */
        get: operations["Persons_activity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/{id}/delete_property": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete a person property ({"$unset": key}) */
        post: operations["Persons_deleteProperty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/{id}/properties_timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the person’s properties changed, from its $set events */
        get: operations["Persons_propertiesTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/{id}/split": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Split a person */
        post: operations["Persons_split"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/{id}/update_property": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a person property ({key, value}) */
        post: operations["Persons_updateProperty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Activity of all persons */
        get: operations["Persons_allActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/cohorts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The live cohorts a person belongs to (static membership and dynamic conditions) */
        get: operations["Analytics_personCohorts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/funnel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Persons who reached (or dropped off before) a funnel step */
        get: operations["Analytics_funnel"];
        put?: never;
        /** Persons of a funnel step, with the parameters in the body */
        post: operations["Analytics_funnelPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/funnel/correlation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Funnel persons, converted or not, who did an event in between */
        get: operations["Analytics_correlation"];
        put?: never;
        /** Funnel correlation persons, with the parameters in the body */
        post: operations["Analytics_correlationPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/lifecycle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Persons who were new, returning, resurrecting or dormant in the period of target_date */
        get: operations["Analytics_lifecycle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/path": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Persons whose paths went through start_point → end_point, or an edge / drop-off of the paths chart */
        get: operations["Analytics_path"];
        put?: never;
        /** Path persons, with the parameters in the body */
        post: operations["Analytics_pathPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The persons of one retention cohort, with their appearances per period */
        get: operations["Analytics_retention"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/stickiness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Persons active on exactly stickiness_days intervals of the range */
        get: operations["Analytics_stickiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/trends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Persons behind a trends data point (who did entity_id in date_from–date_to) */
        get: operations["Analytics_trends"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/persons/values": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Values of a person property, most common first, with how many persons have each */
        get: operations["Analytics_values"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/rotate_secret_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["Projects_rotateSecretToken"];
        trace?: never;
    };
    "/api/projects/{project_id}/scheduled_changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's scheduled changes, latest schedule first. */
        get: operations["ScheduledChanges_list"];
        put?: never;
        post: operations["ScheduledChanges_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/scheduled_changes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScheduledChanges_get"];
        put?: never;
        post?: never;
        /** Only its creator and organization admins may (403 otherwise). */
        delete: operations["ScheduledChanges_delete"];
        options?: never;
        head?: never;
        /**
         * Changes the given fields; the target (`record_id`, `model_name`) is fixed, an executed one-time
         *     change too. Only its creator and organization admins may (403 otherwise); the change then runs
         *     as the editor.
         */
        patch: operations["ScheduledChanges_update"];
        trace?: never;
    };
    "/api/projects/{project_id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's webhooks; URLs masked but for the caller's own (all of them for admins). */
        get: operations["Webhooks_list"];
        put?: never;
        /** A new subscription; the answer carries its signing secret, which is never shown again. */
        post: operations["Webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Webhooks_get"];
        put?: never;
        post?: never;
        /** Deletes the subscription and its deliveries: the webhook's creator and organization admins only (403 for other members). */
        delete: operations["Webhooks_delete"];
        options?: never;
        head?: never;
        /** Changes the given fields: the webhook's creator and organization admins only (403 for other members). */
        patch: operations["Webhooks_update"];
        trace?: never;
    };
    "/api/projects/{project_id}/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The subscription's deliveries, newest first. */
        get: operations["Webhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends the delivery again now (same `webhook-id`), then with retries for 24 h; 409 while an attempt is in flight. */
        post: operations["Webhooks_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{project_id}/webhooks/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who created, changed and deleted the project's webhooks, newest first (URLs masked). */
        get: operations["Webhooks_activity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/@me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Users_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["Users_update"];
        trace?: never;
    };
    "/array/{token}/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Remote config for posthog-js (SDK endpoint, project token in the path)
         * @description What the project supports: compression, flags (`hasFeatureFlags` when it has an active flag), the capture endpoint; recordings, surveys and the other PostHog products Bunting does not serve are off. Strong ETag; `Cache-Control: public, max-age=300`.
         */
        get: operations["RemoteConfig_config"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/array/{token}/config.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Remote config for posthog-js, script form
         * @description The same config as `config`, as a script that sets `window._POSTHOG_REMOTE_CONFIG[token] = {config, siteApps: []}` (`siteApps` moves out of `config`). Strong ETag; `Cache-Control: public, max-age=300`.
         */
        get: operations["RemoteConfig_script"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture events (SDK endpoint, project token in the body)
         * @description Stores the events (de-duplicated by uuid) and applies their person changes ($identify, $create_alias, $set, $set_once, $unset, $groupidentify). Any origin may call it (CORS).
         */
        post: operations["Ingestion_capture[0]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture events (SDK endpoint, project token in the body)
         * @description Stores the events (de-duplicated by uuid) and applies their person changes ($identify, $create_alias, $set, $set_once, $unset, $groupidentify). Any origin may call it (CORS).
         */
        post: operations["Ingestion_capture[1]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/decide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate flags, legacy endpoint (SDK endpoint, project token in the body)
         * @description As PostHog answers each version, with a minimal `config`: without `v` or `?v=1`, `featureFlags` is the list of the enabled flags’ keys; `?v=2`, a map of the enabled flags only; `?v=3` (posthog-node 3.x), every flag’s value with `featureFlagPayloads`; `?v=4` and up: the `/flags` v2 body.
         */
        post: operations["Sdk_decide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/e": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture events (SDK endpoint, project token in the body)
         * @description Stores the events (de-duplicated by uuid) and applies their person changes ($identify, $create_alias, $set, $set_once, $unset, $groupidentify). Any origin may call it (CORS).
         */
        post: operations["Ingestion_capture[2]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate flags for a distinct id (SDK endpoint, project token in the body)
         * @description Active flags only. `?v=2` (what posthog-node and posthog-js send): `{flags: {key: {enabled, variant, reason, metadata}}}`; without `v` or below 2: the legacy `{featureFlags, featureFlagPayloads}`. Stored person and group properties count, under the request’s own. Any origin may call it (CORS).
         */
        post: operations["Sdk_flags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/flags/definitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Flag definitions for local evaluation (posthog-node ≥ 5.29.4) */
        get: operations["Sdk_definitions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/i/v0/e": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture events (SDK endpoint, project token in the body)
         * @description Stores the events (de-duplicated by uuid) and applies their person changes ($identify, $create_alias, $set, $set_once, $unset, $groupidentify). Any origin may call it (CORS).
         */
        post: operations["Ingestion_capture[3]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ofrep/v1/evaluate/flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Evaluate every flag (OFREP bulk); ETag, 304 on If-None-Match */
        post: operations["Ofrep_evaluateAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ofrep/v1/evaluate/flags/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Evaluate one flag (OFREP) */
        post: operations["Ofrep_evaluate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture events (SDK endpoint, project token in the body)
         * @description Stores the events (de-duplicated by uuid) and applies their person changes ($identify, $create_alias, $set, $set_once, $unset, $groupidentify). Any origin may call it (CORS).
         */
        post: operations["Ingestion_capture[4]"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ActivityChangeDto: {
            /**
             * @description created, deleted, changed, …
             * @example changed
             */
            action: string;
            after?: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            before?: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            field?: string;
            /** @example FeatureFlag */
            type: string;
        };
        ActivityDetailDto: {
            changes: components["schemas"]["ActivityChangeDto"][] | null;
            id?: (string | null) | number;
            merge: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            /** @description The object’s name (a flag’s key, a person’s uuid, …). */
            name: string | null;
            short_id: string | null;
            trigger: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            type: string | null;
        };
        ActivityEntryDto: {
            /**
             * @description created, updated, deleted, split_person, …
             * @example updated
             */
            activity: string;
            /** Format: date-time */
            created_at: string;
            detail: components["schemas"]["ActivityDetailDto"];
            /** Format: uuid */
            id: string;
            /** @description The object’s id. */
            item_id: string | null;
            /** @example FeatureFlag */
            scope: string;
            user: components["schemas"]["ActivityUserDto"];
        };
        ActivityPageDto: {
            /** Format: uri */
            next: string | null;
            /** Format: uri */
            previous: string | null;
            results: components["schemas"]["ActivityEntryDto"][];
            total_count: number;
        };
        ActivityUserDto: {
            email: string | null;
            first_name: string;
            is_system?: boolean;
        };
        ActorsDto: {
            /**
             * Format: uri
             * @description The first page.
             */
            initial: string;
            /** @description Whether the answer was kept from an earlier request (see `refresh`). */
            is_cached: boolean;
            /**
             * Format: date-time
             * @description When the answer was computed.
             */
            last_refresh: string;
            /** @description Persons of the data point that were deleted since: their events count, they are not listed. */
            missing_persons: number;
            /**
             * Format: uri
             * @description The next page, while there is one.
             */
            next: string | null;
            /** @description One entry. */
            results: components["schemas"]["ActorsResultDto"][];
        };
        ActorsResultDto: {
            /** @description The number of persons in `people` (this page). */
            count: number;
            people: components["schemas"]["PersonActorDto"][];
        };
        AddedPersonsDto: {
            /** @description Persons newly added. */
            added: number;
            /** @enum {boolean} */
            success: true;
        };
        AddPersonsToStaticCohortDto: {
            /** @description Person uuids; unknown ones are skipped. */
            person_ids: string[];
        };
        AssociatedFlagDto: {
            id: number;
            key: string;
        };
        BlastRadiusDto: {
            total_users: number;
            users_affected: number;
        };
        BlastRadiusRequestDto: {
            /** @description A condition: `{properties: [...], rollout_percentage?}` (the rollout is not applied). */
            condition: {
                [key: string]: unknown;
            };
            /** @description Count groups of this type instead of persons. */
            group_type_index?: number | null;
        };
        ChangePasswordDto: {
            /**
             * Format: password
             * @description Your password now.
             */
            current_password: string;
            /** Format: password */
            password: string;
        };
        CohortDto: {
            /** @description Persons in the cohort at the last calculation. */
            count: number | null;
            /** Format: date-time */
            created_at: string;
            created_by: components["schemas"]["UserBasicDto"] | null;
            deleted: boolean;
            description: string;
            errors_calculating: number;
            experiment_set: number[];
            /** @description `{"properties": {"type": "AND"|"OR", "values": [...]}}`: nested groups whose leaves are person properties (`{key, type: "person", operator, value}`), cohorts (`{key: "id", type: "cohort", value: <id>}`) or `{type: "behavioral", value: "performed_event", key: <event>, time_value, time_interval}`; any leaf may have `negation: true`. `{}` for static cohorts. */
            filters: {
                [key: string]: unknown;
            };
            /** @description Legacy form: `[{properties: [...]}]`, OR-ed groups of AND-ed properties (`event_id` + `days`: performed that event). Used when `filters` is absent. */
            groups: {
                [key: string]: unknown;
            }[];
            id: number;
            /** @description The count is being (re)calculated, or a static cohort is being filled. */
            is_calculating: boolean;
            is_static: boolean;
            /** Format: date-time */
            last_calculation: string | null;
            name: string;
            /** @description HogQL cohorts are not supported: always null. */
            query: {
                [key: string]: unknown;
            } | null;
            /** @description +1 per definition change. */
            version: number;
        };
        CopyFailureDto: {
            /** @description Why this target failed. */
            errors: string;
            project_id: number;
        };
        CopyFlagsDto: {
            /** @description Accepted for compatibility; there are no schedules to copy. */
            copy_schedule?: boolean;
            /** @description Key of the live flag to copy. */
            feature_flag_key: string;
            /** @description Project (of this organization) holding the flag. */
            from_project: number;
            /** @description Projects of this organization to copy it to. */
            target_project_ids: number[];
        };
        CopyFlagsResultDto: {
            failed: components["schemas"]["CopyFailureDto"][];
            /** @description The flag as created or updated in each target. */
            success: components["schemas"]["FlagDto"][];
        };
        CreateCohortDto: {
            description?: string;
            /** @description `{"properties": {"type": "AND"|"OR", "values": [...]}}`: nested groups whose leaves are person properties (`{key, type: "person", operator, value}`), cohorts (`{key: "id", type: "cohort", value: <id>}`) or `{type: "behavioral", value: "performed_event", key: <event>, time_value, time_interval}`; any leaf may have `negation: true`. `{}` for static cohorts. */
            filters?: {
                [key: string]: unknown;
            };
            /** @description Legacy form: `[{properties: [...]}]`, OR-ed groups of AND-ed properties (`event_id` + `days`: performed that event). Used when `filters` is absent. */
            groups?: {
                [key: string]: unknown;
            }[];
            /**
             * @description A list of persons instead of filters.
             * @default false
             */
            is_static: boolean;
            name?: string;
        };
        CreatedPersonalApiKeyDto: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            label: string;
            /** Format: date-time */
            last_used_at: string | null;
            /** @example phx_...eZxz */
            mask_value: string;
            scopes: ("*" | "feature_flag:read" | "feature_flag:write" | "person:read" | "person:write" | "event_definition:read" | "event_definition:write" | "cohort:read" | "cohort:write" | "organization:read" | "organization:write" | "organization_member:read" | "organization_member:write" | "project:read" | "project:write" | "user:read" | "user:write" | "activity_log:read" | "activity_log:write" | "webhook:read" | "webhook:write" | "early_access_feature:read" | "early_access_feature:write")[];
            /** @description The key itself. Shown once: only its hash is stored. */
            value: string;
        };
        CreatedWebhookDto: {
            /** Format: date-time */
            created_at: string;
            /** @description Who created it (its owner: they and organization admins may change or delete it); null when unknown, then only admins may. */
            created_by: components["schemas"]["UserBasicDto"] | null;
            enabled: boolean;
            events: ("feature_flag.created" | "feature_flag.updated" | "feature_flag.deleted" | "event_definition.updated")[];
            id: number;
            /** @description The signing secret (Standard Webhooks, whsec_…): shown this once. Verify `webhook-signature` with it. */
            secret: string;
            /** Format: date-time */
            updated_at: string;
            /** @description Where deliveries are POSTed. Shown whole to the webhook's creator and organization admins; to other members only its scheme and host (`https://example.com/…`), as `slack_incoming_webhook`. */
            url: string;
        };
        CreateEarlyAccessFeatureDto: {
            /** @description Shown to persons in the opt-in UI. */
            description?: string;
            /** @description An http(s) URL, or blank. */
            documentation_url?: string;
            /**
             * @description A live flag of the project to link: not linked to another feature, not group-based, not
             *     multivariate. Without it, a flag keyed by the slug of `name` is created.
             */
            feature_flag_id?: number;
            name: string;
            /** @description Any JSON but null; `{}` by default. */
            payload?: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            /**
             * @description Moving into an active stage (alpha, beta, general-availability) turns the flag on for persons who enrolled (`$feature_enrollment/<flag key>`); any other stage turns that off.
             * @enum {string}
             */
            stage: "draft" | "concept" | "alpha" | "beta" | "general-availability" | "archived";
        };
        CreateFlagDto: {
            /** @default true */
            active: boolean;
            /** @description Dashboard ids of the project. */
            analytics_dashboards?: number[];
            /** @default false */
            deleted: boolean;
            /** @default false */
            ensure_experience_continuity: boolean;
            /** @description Served only to SDKs that send one of these `evaluation_contexts` (or none); replaces them all. At most 50. */
            evaluation_contexts?: string[];
            /**
             * @description Which SDKs are served the flag: server-side ones, client-side ones (browsers, mobile) or all.
             * @default all
             * @enum {string|null}
             */
            evaluation_runtime: "server" | "client" | "all" | null;
            /** @description Release conditions in PostHog's shape. On create, missing `groups` means one condition for everyone. On update, `filters` without `groups` is ignored; with `groups` it replaces the stored object. */
            filters?: {
                [key: string]: unknown;
            } & components["schemas"]["FlagFiltersInputDto"];
            /**
             * @description Store the payloads encrypted (needs FLAGS_SECRET_KEYS); they read back decrypted only with a personal API key.
             * @default false
             */
            has_encrypted_payloads: boolean;
            /** @default false */
            has_enriched_analytics: boolean;
            /**
             * @description A flag that only carries its `true` payload, read with `GET …/feature_flags/:key/remote_config`.
             * @default false
             */
            is_remote_configuration: boolean;
            /** @description Unique among the live flags of the project. */
            key: string;
            /** @description The flag's description (PostHog keeps the field name `name`). */
            name?: string;
            /** @default false */
            performed_rollback: boolean;
            /** @description Free-form JSON object or list, or null. */
            rollback_conditions?: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            /** @description Trimmed, lower-cased, de-duplicated; replaces all tags. */
            tags?: string[];
        };
        CreateFlagRoleAccessDto: {
            /**
             * Format: uuid
             * @description A role of the flag's organization.
             */
            role_id: string;
        };
        CreateOrganizationDto: {
            name: string;
        };
        CreatePersonalApiKeyDto: {
            label: string;
            /** @description At most the scopes of the key making the request. */
            scopes: ("*" | "feature_flag:read" | "feature_flag:write" | "person:read" | "person:write" | "event_definition:read" | "event_definition:write" | "cohort:read" | "cohort:write" | "organization:read" | "organization:write" | "organization_member:read" | "organization_member:write" | "project:read" | "project:write" | "user:read" | "user:write" | "activity_log:read" | "activity_log:write" | "webhook:read" | "webhook:write" | "early_access_feature:read" | "early_access_feature:write")[];
        };
        CreateProjectDto: {
            name: string;
            /**
             * Format: uuid
             * @description Organization to create it in (default: your current one). You must be its admin.
             */
            organization?: string;
        };
        CreateRoleDto: {
            /**
             * @description 21: can only view feature flags; 37: can always edit them. Default: the organization's level.
             * @enum {integer}
             */
            feature_flags_access_level?: 21 | 37;
            /** @description Unique in the organization, whatever the case; trimmed. */
            name: string;
        };
        CreateRoleMembershipDto: {
            /**
             * Format: uuid
             * @description A user of this organization.
             */
            user_uuid: string;
        };
        CreateScheduledChangeDto: {
            /** @description Five cron fields, read in UTC (instead of recurrence_interval); at most once every 60 minutes (one value in the minute field). */
            cron_expression?: string | null;
            /**
             * Format: date-time
             * @description A recurring change stops after it.
             */
            end_date?: string | null;
            /**
             * @description Only update_status recurs.
             * @default false
             */
            is_recurring: boolean;
            /** @enum {string} */
            model_name: "FeatureFlag";
            /**
             * @description The change: `{operation, value}` with operation `update_status` (value true/false), `add_release_condition` (value `{groups}`, appended to the flag's conditions) or `update_variants` (value `{variants, payloads}`, rollouts summing to 100).
             * @example {
             *       "operation": "update_status",
             *       "value": true
             *     }
             */
            payload: {
                [key: string]: unknown;
            } | string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            /** @description The flag id. */
            record_id: string | number;
            /** @enum {string|null} */
            recurrence_interval?: "daily" | "weekly" | "monthly" | "yearly" | null;
            /**
             * Format: date-time
             * @description When to apply the change; in the future. A project holds at most 1000 pending changes (400 naming this field past it).
             */
            scheduled_at: string;
        };
        CreateWebhookDto: {
            /**
             * @description Turned off, it is sent nothing (deliveries due meanwhile fail).
             * @default true
             */
            enabled: boolean;
            /**
             * @description What the webhook is sent: at least one of these.
             * @example [
             *       "feature_flag.updated"
             *     ]
             */
            events: ("feature_flag.created" | "feature_flag.updated" | "feature_flag.deleted" | "event_definition.updated")[];
            /**
             * @description Where deliveries are POSTed: http(s), and unless WEBHOOK_ALLOW_PRIVATE_TARGETS, a host that resolves to public addresses only.
             * @example https://example.com/hooks/bunting
             */
            url: string;
        };
        DashboardDto: {
            /** Format: date-time */
            created_at: string;
            created_by: components["schemas"]["UserBasicDto"] | null;
            deleted: boolean;
            description: string;
            filters: {
                [key: string]: unknown;
            };
            id: number;
            name: string;
            tags: string[];
            tiles: components["schemas"]["DashboardTileDto"][];
        };
        DashboardOutcomeDto: {
            /** @description Why nothing was done (with `success: false`). */
            error?: string;
            success: boolean;
        };
        DashboardTileDto: {
            id: number;
            insight: components["schemas"]["InsightDto"];
        };
        DecideResponseDto: {
            config: {
                [key: string]: unknown;
            };
            errorsWhileComputingFlags: boolean;
            /** @description Flag key → payload (JSON text) of the enabled flags that have one. */
            featureFlagPayloads: {
                [key: string]: string;
            };
            /** @description Flag key → variant or true/false. */
            featureFlags: {
                [key: string]: boolean | string;
            };
            /** @enum {boolean} */
            isAuthenticated: false;
            /** @enum {boolean} */
            sessionRecording: false;
            supportedCompression: string[];
            toolbarParams: {
                [key: string]: unknown;
            };
        };
        DecideV1ResponseDto: {
            config: {
                [key: string]: unknown;
            };
            /** @description The keys of the enabled flags. */
            featureFlags: string[];
            /** @enum {boolean} */
            isAuthenticated: false;
            /** @enum {boolean} */
            sessionRecording: false;
            supportedCompression: string[];
            toolbarParams: {
                [key: string]: unknown;
            };
        };
        DecideV2ResponseDto: {
            config: {
                [key: string]: unknown;
            };
            /** @description Enabled flag key → variant or true (disabled flags are left out). */
            featureFlags: {
                [key: string]: boolean | string;
            };
            /** @enum {boolean} */
            isAuthenticated: false;
            /** @enum {boolean} */
            sessionRecording: false;
            supportedCompression: string[];
            toolbarParams: {
                [key: string]: unknown;
            };
        };
        DeletePropertyDto: {
            /** @description The property to remove. Also accepted as a query parameter. */
            $unset?: string;
        };
        EarlyAccessFeatureDto: {
            /** Format: date-time */
            created_at: string;
            created_by: components["schemas"]["UserBasicDto"] | null;
            description: string;
            documentation_url: string;
            feature_flag: components["schemas"]["EarlyAccessFlagDto"] | null;
            /** Format: uuid */
            id: string;
            name: string;
            payload: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            /** @enum {string} */
            stage: "draft" | "concept" | "alpha" | "beta" | "general-availability" | "archived";
        };
        EarlyAccessFlagDto: {
            active: boolean;
            deleted: boolean;
            ensure_experience_continuity: boolean;
            evaluation_contexts: string[];
            /** @enum {string|null} */
            evaluation_runtime: "server" | "client" | "all" | null;
            filters: components["schemas"]["FlagFiltersDto"];
            has_encrypted_payloads: boolean;
            id: number;
            key: string;
            name: string;
            /** @description The project id. */
            team_id: number;
            version: number;
        };
        ErrorEnvelope: {
            /** @example key */
            attr: string | null;
            /** @example invalid_input */
            code: string;
            /** @example This field is required. */
            detail: string;
            /** @enum {string} */
            type: "validation_error" | "authentication_error" | "invalid_request" | "throttled_error" | "server_error";
        };
        EvaluationCountDto: {
            count: number;
            /**
             * Format: date
             * @description A day (UTC).
             */
            date: string;
        };
        EvaluationCountsDto: {
            /** @description Oldest day first; days without calls count 0. */
            results: components["schemas"]["EvaluationCountDto"][];
            total: number;
        };
        EvaluationDto: {
            /** @description The deciding condition's index in `filters.groups`. */
            condition_index: number | null;
            /** @description `condition_match`, `no_condition_match`, `out_of_rollout_bound`, `no_group_type`, `super_condition_value`, `holdout_condition_value`, `disabled` (inactive flag), `missing_dependency`. */
            reason: string;
        };
        EvaluationReasonDto: {
            evaluation: components["schemas"]["EvaluationDto"];
            /** @description The variant key, or true/false. */
            value: boolean | string;
        };
        EventDefinitionDto: {
            /**
             * @description Always null for an event.
             * @example null
             */
            action_id: number | null;
            /**
             * Format: date-time
             * @description First seen by ingestion.
             */
            created_at: string | null;
            /** @description Null for definitions ingestion created. */
            created_by: components["schemas"]["UserBasicDto"] | null;
            /**
             * @description What the event means; '' when nobody wrote one.
             * @example A page was viewed.
             */
            description: string;
            /** Format: uuid */
            id: string;
            /**
             * @description Always false for an event. PostHog’s schema types this field as a string; the value is a boolean.
             * @example false
             */
            is_action: string | boolean;
            /**
             * @description Always false for an event.
             * @example false
             */
            is_calculating: boolean;
            /**
             * Format: date-time
             * @description Always null for an event.
             */
            last_calculated_at: string | null;
            /**
             * Format: date-time
             * @description Last seen by ingestion, refreshed at most once an hour per definition.
             */
            last_seen_at: string | null;
            /**
             * Format: date-time
             * @description When the definition was created or last edited.
             */
            last_updated_at: string;
            /** @example $pageview */
            name: string;
            post_to_slack: boolean;
            tags: string[];
            /** @description Events of this name in the last 30 days, as of the last scheduled refresh; null before it. */
            volume_30_day: number | null;
        };
        FeatureFlagAccessDto: {
            /**
             * @description 21: can only view feature flags; 37: can always edit them. 37 until an admin sets it.
             * @enum {integer}
             */
            access_level: 21 | 37;
            /**
             * Format: date-time
             * @description null while never set.
             */
            updated_at: string | null;
        };
        FlagConditionDto: {
            /** @description All must match (AND). */
            properties?: components["schemas"]["PropertyFilterDto"][];
            /** @description null = 100. */
            rollout_percentage?: number | null;
            /** @description Variant served when this condition matches. */
            variant?: string | null;
        };
        FlagDetailDto: {
            enabled: boolean;
            key: string;
            metadata: components["schemas"]["FlagMetadataDto"];
            reason: components["schemas"]["FlagReasonDto"];
            variant: string | null;
        };
        FlagDto: {
            active: boolean;
            analytics_dashboards: number[];
            can_edit: boolean;
            /** Format: date-time */
            created_at: string;
            created_by: components["schemas"]["UserBasicDto"] | null;
            deleted: boolean;
            ensure_experience_continuity: boolean;
            evaluation_contexts: string[];
            /**
             * @description null behaves as all.
             * @enum {string|null}
             */
            evaluation_runtime: "server" | "client" | "all" | null;
            experiment_set: number[];
            features: {
                [key: string]: unknown;
            };
            filters: components["schemas"]["FlagFiltersDto"];
            has_encrypted_payloads: boolean;
            has_enriched_analytics: boolean;
            id: number;
            is_remote_configuration: boolean;
            /** @description One condition, no properties, person-based. */
            is_simple_flag: boolean;
            key: string;
            /**
             * Format: date-time
             * @description The last evaluation by an SDK (/flags, /decide, OFREP, local-evaluation polls), written every FLAG_CALLS_FLUSH_SECONDS.
             */
            last_called_at: string | null;
            last_modified_by: components["schemas"]["UserBasicDto"] | null;
            /** @description The flag's description. */
            name: string;
            performed_rollback: boolean;
            rollback_conditions: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            /** @description The simple flag's rollout; null otherwise. */
            rollout_percentage: number | null;
            /**
             * @description PostHog's status: stale when on and not called for 30 days, or never called and fully rolled out for 30 days.
             * @enum {string}
             */
            status: "active" | "stale" | "deleted";
            surveys: {
                [key: string]: unknown;
            };
            tags: string[];
            /** @description Set by `POST …/:id/dashboard`. */
            usage_dashboard: number | null;
            /** @description 1 on create, +1 per change. */
            version: number;
        };
        FlagFiltersDto: {
            /** @description null = per person. */
            aggregation_group_type_index?: number | null;
            /** @description Condition groups, OR-ed. */
            groups: components["schemas"]["FlagConditionDto"][];
            /** @description Holdout conditions (person properties only). */
            holdout_groups?: components["schemas"]["FlagConditionDto"][] | null;
            multivariate?: components["schemas"]["MultivariateDto"] | null;
            /** @description Variant key (or "true" for boolean flags) → JSON-encoded payload. */
            payloads?: {
                [key: string]: string | null;
            };
            /** @description Early-access enrolment conditions (person properties only). */
            super_groups?: components["schemas"]["FlagConditionDto"][] | null;
        };
        FlagFiltersInputDto: {
            /** @description null = per person. */
            aggregation_group_type_index?: number | null;
            /** @description Condition groups, OR-ed. */
            groups?: components["schemas"]["FlagConditionDto"][];
            /** @description Holdout conditions (person properties only). */
            holdout_groups?: components["schemas"]["FlagConditionDto"][] | null;
            multivariate?: components["schemas"]["MultivariateDto"] | null;
            /** @description Variant key (or "true" for boolean flags) → JSON-encoded payload. */
            payloads?: {
                [key: string]: string | null;
            };
            /** @description Early-access enrolment conditions (person properties only). */
            super_groups?: components["schemas"]["FlagConditionDto"][] | null;
        };
        FlagMetadataDto: {
            /** @description The flag's description (its `name`). */
            description: string | null;
            id: number;
            /** @description The payload of the served value, as JSON text; null without one. */
            payload: string | null;
            version: number | null;
        };
        FlagReasonDto: {
            /** @example condition_match */
            code: string;
            condition_index: number | null;
            /** @example Matched condition set 1 */
            description: string;
        };
        FlagRoleAccessDto: {
            /** Format: date-time */
            added_at: string;
            feature_flag: components["schemas"]["FlagDto"];
            id: number;
            role: components["schemas"]["RoleDto"];
            /** Format: uuid */
            role_id: string;
            /** Format: date-time */
            updated_at: string;
        };
        FlagsResponseDto: {
            errorsWhileComputingFlags: boolean;
            /** @description Epoch milliseconds. */
            evaluatedAt: number;
            /** @description Every active flag (or those asked for) by key. */
            flags: {
                [key: string]: components["schemas"]["FlagDetailDto"];
            };
            quotaLimited: string[];
            /** Format: uuid */
            requestId: string;
        };
        FlagVariantDto: {
            key: string;
            name?: string | null;
            rollout_percentage?: number;
        };
        FlagVersionDto: {
            active: boolean;
            analytics_dashboards: number[];
            /** Format: date-time */
            created_at: string;
            /** @description The id of the user who created the flag. */
            created_by: number | null;
            deleted: boolean;
            ensure_experience_continuity: boolean;
            evaluation_contexts: string[];
            /** @enum {string|null} */
            evaluation_runtime: "server" | "client" | "all" | null;
            filters: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            has_encrypted_payloads: boolean;
            has_enriched_analytics: boolean;
            id: number;
            /** @description False for the current version. */
            is_historical: boolean;
            is_remote_configuration: boolean;
            key: string;
            /** @description The id of the user who made this version. */
            modified_by: number | null;
            name: string;
            performed_rollback: boolean;
            rollback_conditions: (string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[]) | null;
            tags: string[];
            version: number;
            /**
             * Format: date-time
             * @description When this version was made.
             */
            version_timestamp: string;
        };
        HealthStatus: {
            /** @enum {string} */
            database?: "up" | "down";
            /** @enum {string} */
            status: "ok" | "unavailable";
        };
        IngestionAcceptedDto: {
            /**
             * @example 1
             * @enum {integer}
             */
            status: 1;
        };
        InsightBodyDto: {
            /** @description Not supported (a 400 unless empty): use events. */
            actions?: string | unknown[] | {
                [key: string]: unknown;
            };
            breakdown?: string;
            /** @enum {string} */
            breakdown_type?: "event" | "person";
            cache_invalidation_key?: string;
            date_from?: string;
            date_to?: string;
            drop_off?: boolean | string;
            end_point?: string;
            entrance_period_start?: string;
            /** @description Funnel steps: [{"id": "$pageview", "type": "events", "order": 0, "properties": [...]}]. */
            events?: string | unknown[] | {
                [key: string]: unknown;
            };
            exclude_events?: string | unknown[] | {
                [key: string]: unknown;
            };
            funnel_correlation_person_converted?: string;
            funnel_correlation_person_entity?: string | unknown[] | {
                [key: string]: unknown;
            };
            funnel_correlation_person_limit?: number | string;
            funnel_correlation_person_offset?: number | string;
            funnel_custom_steps?: string | unknown[] | {
                [key: string]: unknown;
            };
            /** @description Not supported (a 400). */
            funnel_filter?: string | unknown[] | {
                [key: string]: unknown;
            };
            /** @enum {string} */
            funnel_order_type?: "ordered" | "strict" | "unordered";
            /** @description Not supported (a 400). */
            funnel_paths?: string;
            funnel_step?: number | string;
            funnel_step_breakdown?: string;
            funnel_to_step?: number | string;
            /** @enum {string} */
            funnel_viz_type?: "steps" | "trends" | "time_to_convert";
            funnel_window_days?: number | string;
            funnel_window_interval?: number | string;
            funnel_window_interval_unit?: string;
            include_event_types?: string | unknown[] | {
                [key: string]: unknown;
            };
            interval?: string;
            limit?: number | string;
            offset?: number | string;
            path_dropoff_key?: string;
            path_end_key?: string;
            path_start_key?: string;
            path_type?: string;
            /** @description Event and person property filters. */
            properties?: string | unknown[] | {
                [key: string]: unknown;
            };
            /** @description Compute again (when the query string has none). */
            refresh?: boolean | string;
            search?: string;
            start_point?: string;
            step_limit?: number | string;
        };
        InsightDto: {
            description: string;
            /** @description The insight's query (PostHog's trends filters). */
            filters: {
                [key: string]: unknown;
            };
            /** @description The tile id. */
            id: number;
            name: string;
        };
        LegacyFlagsResponseDto: {
            errorsWhileComputingFlags: boolean;
            /** @description Flag key → payload (JSON text) of the enabled flags that have one. */
            featureFlagPayloads: {
                [key: string]: string;
            };
            /** @description Flag key → variant or true/false. */
            featureFlags: {
                [key: string]: boolean | string;
            };
        };
        LocalEvaluationDto: {
            /** @description With send_cohorts: cohort id → its property group, for every dynamic cohort the flags use (nested ones included). Otherwise `{}`. */
            cohorts: {
                [key: string]: {
                    [key: string]: unknown;
                };
            };
            /** @description Every live flag, inactive ones included. Conditions come in evaluation order (variant overrides first); flag dependencies carry `dependency_chain`. */
            flags: components["schemas"]["MinimalFlagDto"][];
            /**
             * @description Group type index → group type name.
             * @example {
             *       "0": "company"
             *     }
             */
            group_type_mapping: {
                [key: string]: string;
            };
        };
        MeDto: {
            distinct_id: string;
            /** @description E-mail address (may be a local one such as admin@localhost). */
            email: string;
            first_name: string;
            id: number;
            is_email_verified: boolean;
            last_name: string;
            organization: components["schemas"]["OrganizationDto"] | null;
            organizations: components["schemas"]["OrganizationBasicDto"][];
            team: components["schemas"]["ProjectDto"] | null;
            /** Format: uuid */
            uuid: string;
        };
        MinimalFlagDto: {
            active: boolean;
            /** @enum {boolean} */
            deleted: false;
            ensure_experience_continuity: boolean;
            filters: components["schemas"]["FlagFiltersDto"];
            has_encrypted_payloads: boolean;
            id: number;
            key: string;
            /** @description The flag's description. */
            name: string;
            /** @description The project id. */
            team_id: number;
            version: number;
        };
        MultivariateDto: {
            /** @description Rollout percentages sum to 100. */
            variants?: components["schemas"]["FlagVariantDto"][];
        };
        MyFlagDto: {
            feature_flag: components["schemas"]["MinimalFlagDto"];
            /** @description The caller's value: the variant key, or true/false. */
            value: boolean | string;
        };
        OfrepBulkDto: {
            /** @description Every live flag of the project. */
            flags: components["schemas"]["OfrepSuccessDto"][];
        };
        OfrepErrorDto: {
            /** @enum {string} */
            errorCode: "PARSE_ERROR" | "TARGETING_KEY_MISSING" | "INVALID_CONTEXT" | "GENERAL" | "FLAG_NOT_FOUND";
            errorDetails?: string;
            /** @description The flag (single-flag endpoint). */
            key?: string;
        };
        OfrepEvaluationRequestDto: {
            /** @description `targetingKey` (the distinct id, required), `groups` (`{type: key}`), `groupProperties` (`{type: {...}}`); every other attribute is a person property. */
            context?: {
                [key: string]: unknown;
            };
        };
        OfrepSuccessDto: {
            key: string;
            /** @description `id`, `version`, `reasonCode` (PostHog reason), `conditionIndex`. */
            metadata: {
                [key: string]: string | number | boolean;
            };
            /** @enum {string} */
            reason: "TARGETING_MATCH" | "DEFAULT" | "DISABLED" | "ERROR";
            /** @description A boolean flag: true/false; a multivariate flag: its variant; a flag with payloads: the payload. Absent: use the code default (the flag is off). */
            value?: boolean | string | number | {
                [key: string]: unknown;
            } | unknown[];
            /** @description The variant key, or "true"/"false". */
            variant: string;
        };
        OrganizationBasicDto: {
            /** Format: uuid */
            id: string;
            /** @enum {number} */
            membership_level: 1 | 8 | 15;
            name: string;
            slug: string;
        };
        OrganizationDto: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            /**
             * @description 1 member, 8 admin, 15 owner
             * @enum {number}
             */
            membership_level: 1 | 8 | 15;
            name: string;
            projects: components["schemas"]["ProjectBasicDto"][];
            slug: string;
            /** @description Same as projects (PostHog name). */
            teams: components["schemas"]["ProjectBasicDto"][];
            /** Format: date-time */
            updated_at: string;
        };
        OrganizationFlagDto: {
            active: boolean;
            /** Format: date-time */
            created_at: string;
            created_by: components["schemas"]["UserBasicDto"] | null;
            filters: components["schemas"]["FlagFiltersDto"];
            flag_id: number;
            /** @description The project id (PostHog: team). */
            team_id: number;
        };
        OrganizationMemberDto: {
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            joined_at: string;
            /**
             * @description 1 member, 8 admin, 15 owner
             * @enum {number}
             */
            level: 1 | 8 | 15;
            /** Format: date-time */
            updated_at: string;
            user: components["schemas"]["UserBasicDto"];
        };
        PersonActorDto: {
            /** Format: date-time */
            created_at: string;
            /** @description Oldest first; at most 1000. */
            distinct_ids: string[];
            /**
             * @description Integer id (use it, or the uuid, in paths).
             * @example 1
             */
            id: number;
            /** @description True once an $identify or alias linked this person to another distinct id. */
            is_identified: boolean;
            /** @description Always empty: session recordings are not stored here. */
            matched_recordings: {
                [key: string]: unknown;
            }[];
            /** @description First of the email/name/username properties, else a distinct id. */
            name: string;
            properties: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            type: "person";
            /** Format: uuid */
            uuid: string;
            /** @description Trends: the person’s number of events in the data point (the list is ordered by it). Else null. */
            value_at_data_point: number | null;
        };
        PersonalApiKeyDto: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            label: string;
            /** Format: date-time */
            last_used_at: string | null;
            /** @example phx_...eZxz */
            mask_value: string;
            scopes: ("*" | "feature_flag:read" | "feature_flag:write" | "person:read" | "person:write" | "event_definition:read" | "event_definition:write" | "cohort:read" | "cohort:write" | "organization:read" | "organization:write" | "organization_member:read" | "organization_member:write" | "project:read" | "project:write" | "user:read" | "user:write" | "activity_log:read" | "activity_log:write" | "webhook:read" | "webhook:write" | "early_access_feature:read" | "early_access_feature:write")[];
        };
        PersonCohortsDto: {
            /** @description The live cohorts the person belongs to. */
            results: components["schemas"]["CohortDto"][];
        };
        PersonDto: {
            /** Format: date-time */
            created_at: string;
            /** @description Oldest first; at most 1000. */
            distinct_ids: string[];
            /**
             * @description Integer id (use it, or the uuid, in paths).
             * @example 1
             */
            id: number;
            /** @description True once an $identify or alias linked this person to another distinct id. */
            is_identified: boolean;
            /** @description First of the email/name/username properties, else a distinct id. */
            name: string;
            properties: {
                [key: string]: unknown;
            };
            /** Format: uuid */
            uuid: string;
        };
        ProjectBasicDto: {
            api_token: string;
            id: number;
            name: string;
            /** Format: uuid */
            uuid: string;
        };
        ProjectDetailDto: {
            /** @description Public project token (phc_…) that SDKs send. */
            api_token: string;
            /** Format: date-time */
            created_at: string;
            /** @example 1 */
            id: number;
            name: string;
            /**
             * Format: uuid
             * @description The organization id.
             */
            organization: string;
            /** @description Secret token (phs_…) for local evaluation and remote config (server SDKs' `secretKey`); nothing else. */
            secret_api_token: string | null;
            /** @description The secret token before the last rotation: it keeps working until the next one, or until deleted. */
            secret_api_token_backup: string | null;
            /**
             * @description The Slack incoming webhook `post_to_slack` events go to, masked (its path is a secret): only the scheme and host are shown.
             * @example https://hooks.slack.com/…
             */
            slack_incoming_webhook: string | null;
            /** @example UTC */
            timezone: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: uuid */
            uuid: string;
        };
        ProjectDto: {
            /** @description Public project token (phc_…) that SDKs send. */
            api_token: string;
            /** Format: date-time */
            created_at: string;
            /** @example 1 */
            id: number;
            name: string;
            /**
             * Format: uuid
             * @description The organization id.
             */
            organization: string;
            /**
             * @description The Slack incoming webhook `post_to_slack` events go to, masked (its path is a secret): only the scheme and host are shown.
             * @example https://hooks.slack.com/…
             */
            slack_incoming_webhook: string | null;
            /** @example UTC */
            timezone: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: uuid */
            uuid: string;
        };
        PropertiesTimelineDto: {
            crucial_property_keys: string[];
            /** Format: date-time */
            effective_date_from: string;
            /** Format: date-time */
            effective_date_to: string;
            points: components["schemas"]["TimelinePointDto"][];
        };
        PropertyFilterDto: {
            /** @description Cohort properties, in responses: the cohort's name. */
            cohort_name?: string;
            /** @description For `type: group`. */
            group_type_index?: number | null;
            /** @description Property name; for `type: flag` the id of the flag depended on; for cohorts `id`. */
            key: string | number;
            /** @description For cohort properties: not in the cohort. */
            negation?: boolean | null;
            /**
             * @description Default `exact`.
             * @enum {string|null}
             */
            operator?: "exact" | "is_not" | "icontains" | "not_icontains" | "icontains_multi" | "not_icontains_multi" | "starts_with" | "not_starts_with" | "ends_with" | "not_ends_with" | "regex" | "not_regex" | "gt" | "gte" | "lt" | "lte" | "between" | "not_between" | "is_set" | "is_not_set" | "is_date_exact" | "is_date_before" | "is_date_after" | "semver_eq" | "semver_neq" | "semver_gt" | "semver_gte" | "semver_lt" | "semver_lte" | "semver_tilde" | "semver_caret" | "semver_wildcard" | "in" | "not_in" | "flag_evaluates_to" | null;
            /** @enum {string} */
            type: "person" | "cohort" | "group" | "flag";
            /** @description A string, number, boolean or list of them (exact/is_not); a string for other operators. */
            value?: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
        };
        PropertyValueDto: {
            /** @description Persons with this value. */
            count: number;
            /** @description The value as text (objects and lists as JSON). */
            name: string;
        };
        PublicEarlyAccessFeatureDto: {
            description: string;
            documentationUrl: string;
            /** @description The flag's key: `updateEarlyAccessFeatureEnrollment(flagKey, …)`. */
            flagKey: string;
            /** Format: uuid */
            id: string;
            name: string;
            payload: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            /** @enum {string} */
            stage: "draft" | "concept" | "alpha" | "beta" | "general-availability" | "archived";
        };
        PublicEarlyAccessResponseDto: {
            earlyAccessFeatures: components["schemas"]["PublicEarlyAccessFeatureDto"][];
        };
        RemoteConfigAnalyticsDto: {
            /**
             * @description Where posthog-js sends events.
             * @example /i/v0/e/
             */
            endpoint: string;
        };
        RemoteConfigDto: {
            analytics: components["schemas"]["RemoteConfigAnalyticsDto"];
            /**
             * @description Autocapture is as the page configures it.
             * @enum {boolean}
             */
            autocapture_opt_out: false;
            /** @enum {boolean} */
            autocaptureExceptions: false;
            /** @enum {boolean} */
            captureDeadClicks: false;
            /** @enum {boolean} */
            capturePerformance: false;
            /** @enum {boolean} */
            conversations: false;
            /** @enum {boolean} */
            defaultIdentifiedOnly: true;
            /** @enum {boolean} */
            elementsChainAsString: true;
            errorTracking: components["schemas"]["RemoteConfigErrorTrackingDto"];
            /** @description The project has an active flag (posthog-js asks `/flags` only then). */
            hasFeatureFlags: boolean;
            /** @enum {boolean} */
            heatmaps: false;
            logs: components["schemas"]["RemoteConfigLogsDto"];
            /** @enum {boolean} */
            productTours: false;
            /**
             * @description Session recordings: not served.
             * @enum {boolean}
             */
            sessionRecording: false;
            siteApps: unknown[];
            /**
             * @example [
             *       "gzip",
             *       "gzip-js"
             *     ]
             */
            supportedCompression: string[];
            /** @description The project token. */
            token: string;
        };
        RemoteConfigErrorTrackingDto: {
            /** @enum {boolean} */
            autocaptureExceptions: false;
            suppressionRules: unknown[];
        };
        RemoteConfigLogsDto: {
            /** @enum {boolean} */
            captureConsoleLogs: false;
        };
        RestoreVersionDto: {
            /** @description The version you last read; another current version is a 409. */
            version?: number;
        };
        RetentionActorsDto: {
            /** @description Cohort members deleted since. */
            missing_persons: number;
            /** Format: uri */
            next: string | null;
            result: components["schemas"]["RetentionAppearanceDto"][];
        };
        RetentionAppearanceDto: {
            /** @description Per period from the cohort’s own (always 1) to the last: 1 when the person returned. */
            appearances: (0 | 1)[];
            person: components["schemas"]["PersonActorDto"];
        };
        RoleDto: {
            /** @description Flags (of any project) this role has access to. */
            associated_flags: components["schemas"]["AssociatedFlagDto"][];
            /** Format: date-time */
            created_at: string;
            created_by: components["schemas"]["UserBasicDto"] | null;
            /**
             * @description 21: can only view feature flags; 37: can always edit them.
             * @enum {integer}
             */
            feature_flags_access_level: 21 | 37;
            /** Format: uuid */
            id: string;
            members: components["schemas"]["RoleMembershipDto"][];
            name: string;
        };
        RoleMembershipDto: {
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            joined_at: string;
            /** Format: uuid */
            role_id: string;
            /** Format: date-time */
            updated_at: string;
            user: components["schemas"]["UserBasicDto"] | null;
        };
        ScheduledChangeDto: {
            /** Format: date-time */
            created_at: string;
            created_by: components["schemas"]["UserBasicDto"] | null;
            cron_expression: string | null;
            /** Format: date-time */
            end_date: string | null;
            /**
             * Format: date-time
             * @description Set once the change is over (applied or failed).
             */
            executed_at: string | null;
            failure_reason: string | null;
            id: number;
            is_recurring: boolean;
            /** Format: date-time */
            last_executed_at: string | null;
            /** @enum {string} */
            model_name: "FeatureFlag";
            /** @description operation: one of update_status, add_release_condition, update_variants */
            payload: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            record_id: string;
            /** @enum {string|null} */
            recurrence_interval: "daily" | "weekly" | "monthly" | "yearly" | null;
            /** @description The user the change runs as (whose rights it is checked against when it runs): its creator, or the organization admin who edited it last. Only the creator and organization admins may edit or delete a change. */
            run_as: components["schemas"]["UserBasicDto"] | null;
            /**
             * Format: date-time
             * @description A recurring change's next run.
             */
            scheduled_at: string;
            team_id: number;
            /** @description Schedules are read in UTC. */
            timezone: string;
            /** Format: date-time */
            updated_at: string;
        };
        ShortActorsDto: {
            /** @description Persons of the data point that were deleted since: their events count, they are not listed. */
            missing_persons: number;
            /**
             * Format: uri
             * @description The next page, while there is one.
             */
            next: string | null;
            /** @description One entry. */
            results: components["schemas"]["ActorsResultDto"][];
        };
        SignInDto: {
            /** @example admin@localhost */
            email: string;
            /** Format: password */
            password: string;
        };
        SplitPersonDto: {
            /** @description The distinct id that stays with this person (it keeps its properties). Omitted: the oldest id stays and the properties are cleared. */
            main_distinct_id?: string;
        };
        StaticCohortForFlagDto: {
            /** @description Static; `is_calculating` until its persons are added. */
            cohort: components["schemas"]["CohortDto"];
        };
        SuccessDto: {
            /** @example true */
            success: boolean;
        };
        TimelinePointDto: {
            properties: {
                [key: string]: unknown;
            };
            /** @description Events from this point until the next one. */
            relevant_event_count: number;
            /** Format: date-time */
            timestamp: string;
        };
        UpdateCohortDto: {
            /** @description true: soft delete; false: restore. */
            deleted?: boolean;
            description?: string;
            /** @description Replaces the definition (dynamic cohorts only). */
            filters?: {
                [key: string]: unknown;
            };
            /** @description Legacy form: `[{properties: [...]}]`, OR-ed groups of AND-ed properties (`event_id` + `days`: performed that event). Used when `filters` is absent. */
            groups?: {
                [key: string]: unknown;
            }[];
            /** @description Cannot change; sending the current value is accepted. */
            is_static?: boolean;
            name?: string;
        };
        UpdateEarlyAccessFeatureDto: {
            description?: string;
            documentation_url?: string;
            name?: string;
            /** @description Replaces the payload; null stores `{}`. */
            payload?: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            /**
             * @description With `stage: general-availability`: the flag is turned on for everyone (its enrolment condition goes).
             * @default false
             */
            rollout_to_all: boolean;
            /**
             * @description Moving into an active stage (alpha, beta, general-availability) turns the flag on for persons who enrolled (`$feature_enrollment/<flag key>`); any other stage turns that off.
             * @enum {string}
             */
            stage?: "draft" | "concept" | "alpha" | "beta" | "general-availability" | "archived";
        };
        UpdateEventDefinitionDto: {
            /**
             * Format: date-time
             * @description ISO 8601; no zone: UTC.
             */
            created_at?: string | null;
            /** @description Trimmed; no NUL characters; null or '' clears it. */
            description?: string | null;
            /**
             * Format: date-time
             * @description ISO 8601; no zone: UTC.
             */
            last_seen_at?: string | null;
            /** @description Trimmed; unique in the project; no NUL characters. */
            name?: string;
            post_to_slack?: boolean;
            /** @description Trimmed, lower-cased, de-duplicated; replaces all tags. */
            tags?: string[];
        };
        UpdateFeatureFlagAccessDto: {
            /**
             * @description 21: can only view feature flags; 37: can always edit them.
             * @enum {integer}
             */
            access_level: 21 | 37;
        };
        UpdateFlagDto: {
            active?: boolean;
            analytics_dashboards?: number[];
            /** @description true: soft delete; false: restore (400 if the key is taken meanwhile). */
            deleted?: boolean;
            ensure_experience_continuity?: boolean;
            /** @description Served only to SDKs that send one of these `evaluation_contexts` (or none); replaces them all. At most 50. */
            evaluation_contexts?: string[];
            /**
             * @description Which SDKs are served the flag: server-side ones, client-side ones (browsers, mobile) or all.
             * @enum {string|null}
             */
            evaluation_runtime?: "server" | "client" | "all" | null;
            /** @description Release conditions in PostHog's shape. On create, missing `groups` means one condition for everyone. On update, `filters` without `groups` is ignored; with `groups` it replaces the stored object. */
            filters?: {
                [key: string]: unknown;
            } & components["schemas"]["FlagFiltersInputDto"];
            /** @description Store the payloads encrypted (needs FLAGS_SECRET_KEYS); they read back decrypted only with a personal API key. */
            has_encrypted_payloads?: boolean;
            has_enriched_analytics?: boolean;
            /** @description A flag that only carries its `true` payload, read with `GET …/feature_flags/:key/remote_config`. */
            is_remote_configuration?: boolean;
            key?: string;
            name?: string;
            performed_rollback?: boolean;
            /** @description Free-form JSON object or list, or null. */
            rollback_conditions?: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            tags?: string[];
            /** @description The version you last read; if the flag has moved on: 409. */
            version?: number;
        };
        UpdateOrganizationMemberDto: {
            /**
             * @description 1 member, 8 admin, 15 owner (making someone owner hands your ownership over: you become admin).
             * @enum {number}
             */
            level: 1 | 8 | 15;
        };
        UpdatePersonDto: {
            /** @description Merged into the person’s properties. */
            properties: {
                [key: string]: unknown;
            };
        };
        UpdateProjectDto: {
            name?: string;
            /**
             * @description A Slack-compatible incoming webhook (Slack, Discord's /slack endpoint, Teams) that events
             *     whose definition has `post_to_slack` are posted to; `null` or `""` turns it off. Write-only:
             *     read back masked. Must be http(s) and, unless WEBHOOK_ALLOW_PRIVATE_TARGETS, resolve to a
             *     public address.
             */
            slack_incoming_webhook?: string | null;
            /**
             * @description The project's time zone, an IANA name (`Europe/Paris`; default `UTC`). Flag, cohort and
             *     person filters read a date or a date and time without a zone as wall-clock time there.
             * @example Europe/Paris
             */
            timezone?: string;
        };
        UpdatePropertyDto: {
            /** @description The property to set. Also accepted as a query parameter. */
            key?: string;
            /** @description The new value (any JSON but null). Also accepted as a query parameter. */
            value?: string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
        };
        UpdateRoleDto: {
            /**
             * @description 21: can only view feature flags; 37: can always edit them.
             * @enum {integer}
             */
            feature_flags_access_level?: 21 | 37;
            name?: string;
        };
        UpdateScheduledChangeDto: {
            /** @description At most once every 60 minutes. */
            cron_expression?: string | null;
            /** Format: date-time */
            end_date?: string | null;
            is_recurring?: boolean;
            /**
             * @description Cannot change.
             * @enum {string}
             */
            model_name?: "FeatureFlag";
            /**
             * @description The change: `{operation, value}` with operation `update_status` (value true/false), `add_release_condition` (value `{groups}`, appended to the flag's conditions) or `update_variants` (value `{variants, payloads}`, rollouts summing to 100).
             * @example {
             *       "operation": "update_status",
             *       "value": true
             *     }
             */
            payload?: {
                [key: string]: unknown;
            } | string | number | boolean | ({
                [key: string]: unknown;
            } | null) | unknown[];
            /** @description Cannot change. */
            record_id?: string | number;
            /** @enum {string|null} */
            recurrence_interval?: "daily" | "weekly" | "monthly" | "yearly" | null;
            /** Format: date-time */
            scheduled_at?: string;
        };
        UpdateWebhookDto: {
            enabled?: boolean;
            /**
             * @description What the webhook is sent: at least one of these.
             * @example [
             *       "feature_flag.updated"
             *     ]
             */
            events?: ("feature_flag.created" | "feature_flag.updated" | "feature_flag.deleted" | "event_definition.updated")[];
            /**
             * @description Where deliveries are POSTed: http(s), and unless WEBHOOK_ALLOW_PRIVATE_TARGETS, a host that resolves to public addresses only.
             * @example https://example.com/hooks/bunting
             */
            url?: string;
        };
        UserBasicDto: {
            distinct_id: string;
            /** @description E-mail address (may be a local one such as admin@localhost). */
            email: string;
            first_name: string;
            id: number;
            is_email_verified: boolean;
            last_name: string;
            /** Format: uuid */
            uuid: string;
        };
        WebhookDeliveryDto: {
            /** @description Attempts made (one in progress included). */
            attempts: number;
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            event: "feature_flag.created" | "feature_flag.updated" | "feature_flag.deleted" | "event_definition.updated" | "slack";
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            last_attempt_at: string | null;
            /** @description Why the last attempt failed. */
            last_error: string | null;
            /** @description The first 1024 bytes of the receiver's last answer. */
            last_response: string | null;
            /** @description The receiver's last HTTP status. */
            last_status_code: number | null;
            /** @description The Standard Webhooks message id (`webhook-id`), the same for every attempt. */
            message_id: string;
            /**
             * Format: date-time
             * @description When a pending delivery is tried next.
             */
            next_attempt_at: string | null;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
        };
        WebhookDto: {
            /** Format: date-time */
            created_at: string;
            /** @description Who created it (its owner: they and organization admins may change or delete it); null when unknown, then only admins may. */
            created_by: components["schemas"]["UserBasicDto"] | null;
            enabled: boolean;
            events: ("feature_flag.created" | "feature_flag.updated" | "feature_flag.deleted" | "event_definition.updated")[];
            id: number;
            /** Format: date-time */
            updated_at: string;
            /** @description Where deliveries are POSTed. Shown whole to the webhook's creator and organization admins; to other members only its scheme and host (`https://example.com/…`), as `slack_incoming_webhook`. */
            url: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    Operations_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthStatus"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Operations_metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text format. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Operations_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthStatus"];
                };
            };
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthStatus"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    EarlyAccessFeaturesSdk_list: {
        parameters: {
            query?: {
                /** @description posthog-js's older name of the token. */
                api_key?: string;
                /** @description Repeatable: the stages to list (`getEarlyAccessFeatures(cb, force, stages)`); `beta` when none. */
                stage?: ("draft" | "concept" | "alpha" | "beta" | "general-availability" | "archived")[];
                /** @description The project token (phc_…), as posthog-js sends it. */
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicEarlyAccessResponseDto"];
                };
            };
            /** @description A parameter given twice, or not as text. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or unknown project token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Sdk_legacyDefinitions: {
        parameters: {
            query: {
                /** @description Present (with no value, or true): the cohorts come along. Absent: `cohorts` is `{}` and flags using one plain cohort have it rewritten into person-property conditions. */
                send_cohorts?: string;
                /** @description The project token (phc_…). */
                token: string;
            };
            header?: {
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LocalEvaluationDto"];
                };
            };
            /** @description The definitions did not change since that ETag. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key, or a token that names no project of its user. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Session_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignInDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Wrong email or password (or a user without one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Session_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The session's CSRF token is missing or wrong. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Organizations_list: {
        parameters: {
            query?: {
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["OrganizationDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Organizations_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOrganizationDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Organizations_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FeatureFlagAccess_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeatureFlagAccessDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FeatureFlagAccess_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateFeatureFlagAccessDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeatureFlagAccessDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    OrganizationFlags_byKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feature_flag_key: string;
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationFlagDto"][];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    OrganizationFlags_copy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CopyFlagsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CopyFlagsResultDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Members_list: {
        parameters: {
            query?: {
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["OrganizationMemberDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Members_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
                user_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Members_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
                user_uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOrganizationMemberDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationMemberDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Roles_list: {
        parameters: {
            query?: {
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["RoleDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Roles_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRoleDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Roles_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The role id. */
                id: string;
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Roles_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The role id. */
                id: string;
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Roles_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The role id. */
                id: string;
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateRoleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Roles_memberships: {
        parameters: {
            query?: {
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description The role id. */
                id: string;
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["RoleMembershipDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Roles_addMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The role id. */
                id: string;
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRoleMembershipDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleMembershipDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Roles_removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The role id. */
                id: string;
                membership_id: string;
                /** @description Id (UUID) of the organization, or `@current`. */
                organization_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PersonalApiKeys_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonalApiKeyDto"][];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PersonalApiKeys_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePersonalApiKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedPersonalApiKeyDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PersonalApiKeys_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonalApiKeyDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    PersonalApiKeys_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Projects_list: {
        parameters: {
            query?: {
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["ProjectDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Projects_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProjectDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectDetailDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Projects_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectDetailDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Projects_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProjectDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectDetailDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Cohorts_list: {
        parameters: {
            query?: {
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["CohortDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Cohorts_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCohortDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CohortDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Cohorts_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CohortDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Cohorts_refuseDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Always; empty body. Nothing changes. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Cohorts_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCohortDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CohortDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Cohorts_addPersons: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddPersonsToStaticCohortDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddedPersonsDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Cohorts_persons: {
        parameters: {
            query?: {
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Results per page (default 100, at most 1000; CSV: 10,000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
            };
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The paginated envelope of persons, or CSV with format=csv. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["PersonDto"][];
                    };
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Dashboards_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Projects_deleteSecretTokenBackup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectDetailDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    EarlyAccessFeatures_list: {
        parameters: {
            query?: {
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["EarlyAccessFeatureDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    EarlyAccessFeatures_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateEarlyAccessFeatureDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarlyAccessFeatureDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    EarlyAccessFeatures_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarlyAccessFeatureDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    EarlyAccessFeatures_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    EarlyAccessFeatures_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateEarlyAccessFeatureDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarlyAccessFeatureDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    EventDefinitions_list: {
        parameters: {
            query?: {
                /** @description event / all: every definition (default); event_custom: names not starting with $; event_posthog: the others. */
                event_type?: "event" | "event_custom" | "event_posthog" | "all";
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
                /** @description name or last_seen_at, - for descending, comma-separated for several. Default: -last_seen_at (never seen last), then name. */
                ordering?: string;
                /** @description Space-separated terms; each must occur in the name (any case, taken literally). */
                search?: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["EventDefinitionDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    EventDefinitions_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventDefinitionDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    EventDefinitions_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    EventDefinitions_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateEventDefinitionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventDefinitionDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Flags_list: {
        parameters: {
            query?: {
                /** @description `STALE`: on and not evaluated for 30 days, or never evaluated and rolled out to everyone for 30 days. */
                active?: "true" | "false" | "STALE";
                created_by_id?: number;
                /** @description `true`: the deleted flags instead of the live ones (Bunting's; PostHog lists live flags only). */
                deleted?: "true" | "false";
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
                /** @description Default -created_at. */
                order?: "created_at" | "-created_at" | "key" | "-key" | "name" | "-name" | "active" | "-active" | "id" | "-id" | "version" | "-version";
                /** @description Case-insensitive substring of the key or the name. */
                search?: string;
                /** @description JSON list of tags (or one tag): flags with any of them. */
                tags?: string;
                type?: "boolean" | "multivariant" | "experiment";
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["FlagDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Flags_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateFlagDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlagDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FlagRoleAccess_list: {
        parameters: {
            query?: {
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description The flag id. */
                feature_flag_id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["FlagRoleAccessDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FlagRoleAccess_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The flag id. */
                feature_flag_id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateFlagRoleAccessDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlagRoleAccessDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FlagRoleAccess_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The flag id. */
                feature_flag_id: number;
                /** @description The role-access id. */
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlagRoleAccessDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FlagRoleAccess_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The flag id. */
                feature_flag_id: number;
                /** @description The role-access id. */
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FlagRemoteConfig_remoteConfig: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path: {
                id_or_key: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string | null;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Flags_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlagDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Flags_refuseDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Always; empty body. Nothing changes. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Flags_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateFlagDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlagDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `version` is not the current one. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Flags_activity: {
        parameters: {
            query?: {
                /** @description Default 10. */
                limit?: number;
                /** @description Default 1. */
                page?: number;
            };
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityPageDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FlagAudience_staticCohort: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaticCohortForFlagDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    UsageDashboards_dashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardOutcomeDto"];
                };
            };
            /** @description `{success: false, error}`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardOutcomeDto"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    UsageDashboards_enrichUsageDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardOutcomeDto"];
                };
            };
            /** @description `{success: false, error}`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardOutcomeDto"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    UsageDashboards_evaluations: {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationCountsDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FlagVersions_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlagVersionDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such flag or version. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FlagVersions_restore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
                version: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RestoreVersionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlagDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `version` in the body is not the current one. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Flags_allActivity: {
        parameters: {
            query?: {
                /** @description Default 10. */
                limit?: number;
                /** @description Default 1. */
                page?: number;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityPageDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FlagEvaluation_evaluationReasons: {
        parameters: {
            query: {
                distinct_id: string;
                /** @description JSON object of group type → group key, e.g. `{"company": "acme"}`. */
                groups?: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Flag key → value and reason. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: components["schemas"]["EvaluationReasonDto"];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FlagEvaluation_localEvaluation: {
        parameters: {
            query?: {
                /** @description Present (with no value, or true): the cohorts come along. Absent: `cohorts` is `{}` and flags using one plain cohort have it rewritten into person-property conditions. */
                send_cohorts?: string;
            };
            header?: {
                "If-None-Match"?: string;
            };
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LocalEvaluationDto"];
                };
            };
            /** @description The definitions did not change since that ETag. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FlagEvaluation_myFlags: {
        parameters: {
            query?: {
                /** @description JSON object of group type → group key, e.g. `{"company": "acme"}`. */
                groups?: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyFlagDto"][];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    FlagAudience_blastRadius: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BlastRadiusRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlastRadiusDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Persons_list: {
        parameters: {
            query?: {
                /** @description Only the person with this distinct id. */
                distinct_id?: string;
                /** @description Only persons whose email property is exactly this. */
                email?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Results per page (default 100, at most 1000; CSV: 10,000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
                /** @description JSON: a list of property filters `[{"key", "value", "operator", "type": "person"}]` (AND) or `{"type": "AND"|"OR", "values": [...]}`. Operators as in feature flags. */
                properties?: string;
                /** @description Email property contains it (any case), or a distinct id or the uuid equals it. */
                search?: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The paginated envelope of persons, or CSV (up to 10,000 rows by default) with format=csv. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["PersonDto"][];
                    };
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Persons_get: {
        parameters: {
            query?: {
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonDto"];
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Persons_delete: {
        parameters: {
            query?: {
                /** @description Also delete the person’s events, in the next scheduled deletion batch. */
                delete_events?: boolean;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Persons_update: {
        parameters: {
            query?: {
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePersonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Persons_activity: {
        parameters: {
            query?: {
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Default 10. */
                limit?: number;
                /** @description Default 1. */
                page?: number;
            };
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityPageDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Persons_deleteProperty: {
        parameters: {
            query?: {
                /** @description The property to remove, when not in the body. */
                $unset?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeletePropertyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Persons_propertiesTimeline: {
        parameters: {
            query?: {
                /** @description A person property that counts as crucial too. */
                breakdown?: string;
                /** @description ISO date-time or relative (-7d). */
                date_from?: string;
                /** @description ISO date-time or relative (-1d). */
                date_to?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Property filters (JSON); the keys of its person filters are the crucial properties. */
                properties?: string;
            };
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertiesTimelineDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Persons_split: {
        parameters: {
            query?: {
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SplitPersonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Persons_updateProperty: {
        parameters: {
            query?: {
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description The property, when not in the body. */
                key?: string;
                /** @description The value (a string), when not in the body. */
                value?: string;
            };
            header?: never;
            path: {
                id: string;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdatePropertyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Persons_allActivity: {
        parameters: {
            query?: {
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Default 10. */
                limit?: number;
                /** @description Default 1. */
                page?: number;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityPageDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Analytics_personCohorts: {
        parameters: {
            query: {
                /** @description The person: integer id or uuid. */
                person_id: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonCohortsDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Analytics_funnel: {
        parameters: {
            query?: {
                /** @description Not supported (a 400 unless an empty list): use events. */
                actions?: string;
                /** @description A property; with funnel_step_breakdown, only attempts whose first step had that value. */
                breakdown?: string;
                breakdown_type?: "event" | "person";
                /** @description Part of the cache key: a new value misses the answers kept under the others. */
                cache_invalidation_key?: string;
                /** @description ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
                date_from?: string;
                /** @description ISO date (to the end of that day), date-time or relative. Default now. */
                date_to?: string;
                /** @description Funnel trends: those who did not convert. */
                drop_off?: boolean;
                /** @description Funnel trends: the period (of interval) the persons entered in. */
                entrance_period_start?: string;
                /** @description Required. JSON list of steps [{"id": "$pageview", "type": "events", "order": 0, "properties": [...]}]. */
                events?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description JSON list of steps: persons whose furthest step is one of them. */
                funnel_custom_steps?: string;
                /** @description Default ordered. */
                funnel_order_type?: "ordered" | "strict" | "unordered";
                /** @description Required (unless funnel_custom_steps or funnel trends): N ≥ 1 reached step N; -N dropped off before step N. */
                funnel_step?: number;
                /** @description The breakdown value ($$_posthog_breakdown_null_$$: not set). */
                funnel_step_breakdown?: string;
                /** @description Funnel trends: the step (0-based) that counts as converted; default the last. */
                funnel_to_step?: number;
                funnel_viz_type?: "steps" | "trends" | "time_to_convert";
                /** @description Conversion window (default 14 days). */
                funnel_window_days?: number;
                funnel_window_interval?: number;
                funnel_window_interval_unit?: "second" | "minute" | "hour" | "day" | "week" | "month";
                /** @description Default day; weeks start on Sunday, UTC. A kept answer ages by it (stale after 1 hour for an hour, 6 for a day, a day for a week, 2 for a month). */
                interval?: "hour" | "day" | "week" | "month";
                /** @description Persons per page (default 100, at most 1000; CSV: 10,000). */
                limit?: number;
                offset?: number;
                /** @description JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
                properties?: string;
                /** @description Compute again instead of serving a kept answer (true, 1, yes, empty, or one of PostHog's refresh modes); the new answer is kept. */
                refresh?: string;
                /** @description Only persons whose email or name property, or one of whose distinct ids, contains it (any case). */
                search?: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActorsDto"];
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Analytics_funnelPost: {
        parameters: {
            query?: {
                /** @description Not supported (a 400 unless an empty list): use events. */
                actions?: string;
                /** @description A property; with funnel_step_breakdown, only attempts whose first step had that value. */
                breakdown?: string;
                breakdown_type?: "event" | "person";
                /** @description Part of the cache key: a new value misses the answers kept under the others. */
                cache_invalidation_key?: string;
                /** @description ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
                date_from?: string;
                /** @description ISO date (to the end of that day), date-time or relative. Default now. */
                date_to?: string;
                /** @description Funnel trends: those who did not convert. */
                drop_off?: boolean;
                /** @description Funnel trends: the period (of interval) the persons entered in. */
                entrance_period_start?: string;
                /** @description Required. JSON list of steps [{"id": "$pageview", "type": "events", "order": 0, "properties": [...]}]. */
                events?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description JSON list of steps: persons whose furthest step is one of them. */
                funnel_custom_steps?: string;
                /** @description Default ordered. */
                funnel_order_type?: "ordered" | "strict" | "unordered";
                /** @description Required (unless funnel_custom_steps or funnel trends): N ≥ 1 reached step N; -N dropped off before step N. */
                funnel_step?: number;
                /** @description The breakdown value ($$_posthog_breakdown_null_$$: not set). */
                funnel_step_breakdown?: string;
                /** @description Funnel trends: the step (0-based) that counts as converted; default the last. */
                funnel_to_step?: number;
                funnel_viz_type?: "steps" | "trends" | "time_to_convert";
                /** @description Conversion window (default 14 days). */
                funnel_window_days?: number;
                funnel_window_interval?: number;
                funnel_window_interval_unit?: "second" | "minute" | "hour" | "day" | "week" | "month";
                /** @description Default day; weeks start on Sunday, UTC. A kept answer ages by it (stale after 1 hour for an hour, 6 for a day, a day for a week, 2 for a month). */
                interval?: "hour" | "day" | "week" | "month";
                /** @description Persons per page (default 100, at most 1000; CSV: 10,000). */
                limit?: number;
                offset?: number;
                /** @description JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
                properties?: string;
                /** @description Compute again instead of serving a kept answer (true, 1, yes, empty, or one of PostHog's refresh modes); the new answer is kept. */
                refresh?: string;
                /** @description Only persons whose email or name property, or one of whose distinct ids, contains it (any case). */
                search?: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["InsightBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActorsDto"];
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Analytics_correlation: {
        parameters: {
            query: {
                /** @description Not supported (a 400 unless an empty list): use events. */
                actions?: string;
                /** @description A property; with funnel_step_breakdown, only attempts whose first step had that value. */
                breakdown?: string;
                breakdown_type?: "event" | "person";
                /** @description Part of the cache key: a new value misses the answers kept under the others. */
                cache_invalidation_key?: string;
                /** @description ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
                date_from?: string;
                /** @description ISO date (to the end of that day), date-time or relative. Default now. */
                date_to?: string;
                /** @description Required. JSON list of steps [{"id": "$pageview", "type": "events", "order": 0, "properties": [...]}]. */
                events?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Converted persons, or the others (default both). */
                funnel_correlation_person_converted?: "TRUE" | "FALSE";
                /** @description JSON {"id": "event", "type": "events", "properties": [...]}: the event done between entering and converting. */
                funnel_correlation_person_entity: string;
                /** @description Alias of limit. */
                funnel_correlation_person_limit?: number;
                /** @description Alias of offset. */
                funnel_correlation_person_offset?: number;
                /** @description Default ordered. */
                funnel_order_type?: "ordered" | "strict" | "unordered";
                /** @description The breakdown value ($$_posthog_breakdown_null_$$: not set). */
                funnel_step_breakdown?: string;
                /** @description Conversion window (default 14 days). */
                funnel_window_days?: number;
                funnel_window_interval?: number;
                funnel_window_interval_unit?: "second" | "minute" | "hour" | "day" | "week" | "month";
                /** @description Default day; weeks start on Sunday, UTC. A kept answer ages by it (stale after 1 hour for an hour, 6 for a day, a day for a week, 2 for a month). */
                interval?: "hour" | "day" | "week" | "month";
                /** @description Persons per page (default 100, at most 1000; CSV: 10,000). */
                limit?: number;
                offset?: number;
                /** @description JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
                properties?: string;
                /** @description Compute again instead of serving a kept answer (true, 1, yes, empty, or one of PostHog's refresh modes); the new answer is kept. */
                refresh?: string;
                /** @description Only persons whose email or name property, or one of whose distinct ids, contains it (any case). */
                search?: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActorsDto"];
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Analytics_correlationPost: {
        parameters: {
            query: {
                /** @description Not supported (a 400 unless an empty list): use events. */
                actions?: string;
                /** @description A property; with funnel_step_breakdown, only attempts whose first step had that value. */
                breakdown?: string;
                breakdown_type?: "event" | "person";
                /** @description Part of the cache key: a new value misses the answers kept under the others. */
                cache_invalidation_key?: string;
                /** @description ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
                date_from?: string;
                /** @description ISO date (to the end of that day), date-time or relative. Default now. */
                date_to?: string;
                /** @description Required. JSON list of steps [{"id": "$pageview", "type": "events", "order": 0, "properties": [...]}]. */
                events?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Converted persons, or the others (default both). */
                funnel_correlation_person_converted?: "TRUE" | "FALSE";
                /** @description JSON {"id": "event", "type": "events", "properties": [...]}: the event done between entering and converting. */
                funnel_correlation_person_entity: string;
                /** @description Alias of limit. */
                funnel_correlation_person_limit?: number;
                /** @description Alias of offset. */
                funnel_correlation_person_offset?: number;
                /** @description Default ordered. */
                funnel_order_type?: "ordered" | "strict" | "unordered";
                /** @description The breakdown value ($$_posthog_breakdown_null_$$: not set). */
                funnel_step_breakdown?: string;
                /** @description Conversion window (default 14 days). */
                funnel_window_days?: number;
                funnel_window_interval?: number;
                funnel_window_interval_unit?: "second" | "minute" | "hour" | "day" | "week" | "month";
                /** @description Default day; weeks start on Sunday, UTC. A kept answer ages by it (stale after 1 hour for an hour, 6 for a day, a day for a week, 2 for a month). */
                interval?: "hour" | "day" | "week" | "month";
                /** @description Persons per page (default 100, at most 1000; CSV: 10,000). */
                limit?: number;
                offset?: number;
                /** @description JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
                properties?: string;
                /** @description Compute again instead of serving a kept answer (true, 1, yes, empty, or one of PostHog's refresh modes); the new answer is kept. */
                refresh?: string;
                /** @description Only persons whose email or name property, or one of whose distinct ids, contains it (any case). */
                search?: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["InsightBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActorsDto"];
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Analytics_lifecycle: {
        parameters: {
            query: {
                /** @description ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
                date_from?: string;
                /** @description ISO date (to the end of that day), date-time or relative. Default now. */
                date_to?: string;
                /** @description The event (series) of the data point. */
                entity_id?: string;
                /** @description events (actions are not supported). */
                entity_type?: "events";
                /** @description JSON list of series; the one whose id is entity_id lends its property filters (or the first, without entity_id). */
                events?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Default day; weeks start on Sunday, UTC. */
                interval?: "hour" | "day" | "week" | "month";
                lifecycle_type: "new" | "returning" | "resurrecting" | "dormant";
                /** @description Persons per page (default 100, at most 1000; CSV: 10,000). */
                limit?: number;
                offset?: number;
                /** @description JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
                properties?: string;
                /** @description Only persons whose email or name property, or one of whose distinct ids, contains it (any case). */
                search?: string;
                /** @description A date in the period (the bar of the lifecycle chart). */
                target_date: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShortActorsDto"];
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Analytics_path: {
        parameters: {
            query?: {
                /** @description Part of the cache key: a new value misses the answers kept under the others. */
                cache_invalidation_key?: string;
                /** @description ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
                date_from?: string;
                /** @description ISO date (to the end of that day), date-time or relative. Default now. */
                date_to?: string;
                /** @description Paths end at its first occurrence (after start_point); paths without it do not count. */
                end_point?: string;
                /** @description JSON list of path elements (URLs, screens, events) to leave out. */
                exclude_events?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Not supported (a 400): funnel paths. */
                funnel_filter?: string;
                /** @description Not supported (a 400): funnel paths. */
                funnel_paths?: string;
                /** @description JSON list of path types (instead of path_type). */
                include_event_types?: string;
                /** @description Default day; weeks start on Sunday, UTC. A kept answer ages by it (stale after 1 hour for an hour, 6 for a day, a day for a week, 2 for a month). */
                interval?: "hour" | "day" | "week" | "month";
                /** @description Persons per page (default 100, at most 1000; CSV: 10,000). */
                limit?: number;
                offset?: number;
                /** @description Paths that end at this node, like 3_/signup. */
                path_dropoff_key?: string;
                /** @description An edge’s target node, like 2_/pricing. */
                path_end_key?: string;
                /** @description An edge’s source node, like 1_/home. */
                path_start_key?: string;
                /** @description Default $pageview (by $current_url). */
                path_type?: "$pageview" | "$screen" | "custom_event";
                /** @description JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
                properties?: string;
                /** @description Compute again instead of serving a kept answer (true, 1, yes, empty, or one of PostHog's refresh modes); the new answer is kept. */
                refresh?: string;
                /** @description Only persons whose email or name property, or one of whose distinct ids, contains it (any case). */
                search?: string;
                /** @description Paths start at its first occurrence in a session. */
                start_point?: string;
                /** @description Steps per path (default 5). */
                step_limit?: number;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActorsDto"];
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Analytics_pathPost: {
        parameters: {
            query?: {
                /** @description Part of the cache key: a new value misses the answers kept under the others. */
                cache_invalidation_key?: string;
                /** @description ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
                date_from?: string;
                /** @description ISO date (to the end of that day), date-time or relative. Default now. */
                date_to?: string;
                /** @description Paths end at its first occurrence (after start_point); paths without it do not count. */
                end_point?: string;
                /** @description JSON list of path elements (URLs, screens, events) to leave out. */
                exclude_events?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Not supported (a 400): funnel paths. */
                funnel_filter?: string;
                /** @description Not supported (a 400): funnel paths. */
                funnel_paths?: string;
                /** @description JSON list of path types (instead of path_type). */
                include_event_types?: string;
                /** @description Default day; weeks start on Sunday, UTC. A kept answer ages by it (stale after 1 hour for an hour, 6 for a day, a day for a week, 2 for a month). */
                interval?: "hour" | "day" | "week" | "month";
                /** @description Persons per page (default 100, at most 1000; CSV: 10,000). */
                limit?: number;
                offset?: number;
                /** @description Paths that end at this node, like 3_/signup. */
                path_dropoff_key?: string;
                /** @description An edge’s target node, like 2_/pricing. */
                path_end_key?: string;
                /** @description An edge’s source node, like 1_/home. */
                path_start_key?: string;
                /** @description Default $pageview (by $current_url). */
                path_type?: "$pageview" | "$screen" | "custom_event";
                /** @description JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
                properties?: string;
                /** @description Compute again instead of serving a kept answer (true, 1, yes, empty, or one of PostHog's refresh modes); the new answer is kept. */
                refresh?: string;
                /** @description Only persons whose email or name property, or one of whose distinct ids, contains it (any case). */
                search?: string;
                /** @description Paths start at its first occurrence in a session. */
                start_point?: string;
                /** @description Steps per path (default 5). */
                step_limit?: number;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["InsightBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActorsDto"];
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Analytics_retention: {
        parameters: {
            query?: {
                /** @description A date in the last period. Default now. */
                date_to?: string;
                /** @description JSON list of series: the first is the returning entity when returning_entity is not given. */
                events?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Persons per page (default 100, at most 1000; CSV: 10,000). */
                limit?: number;
                offset?: number;
                /** @description Default Day. */
                period?: "Hour" | "Day" | "Week" | "Month";
                /** @description JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
                properties?: string;
                /** @description Default retention_recurring. */
                retention_type?: "retention_recurring" | "retention_first_time";
                /** @description JSON entity; default the first of events, else target_entity. */
                returning_entity?: string;
                /** @description Only persons whose email or name property, or one of whose distinct ids, contains it (any case). */
                search?: string;
                /** @description The cohort (0: the oldest period). Default 0. */
                selected_interval?: number;
                /** @description JSON {"id": "$pageview", "type": "events"} (the default). */
                target_entity?: string;
                /** @description Default 11. */
                total_intervals?: number;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetentionActorsDto"];
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Analytics_stickiness: {
        parameters: {
            query: {
                /** @description ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
                date_from?: string;
                /** @description ISO date (to the end of that day), date-time or relative. Default now. */
                date_to?: string;
                /** @description The event (series) of the data point. */
                entity_id?: string;
                /** @description events (actions are not supported). */
                entity_type?: "events";
                /** @description JSON list of series; the one whose id is entity_id lends its property filters (or the first, without entity_id). */
                events?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Default day; weeks start on Sunday, UTC. */
                interval?: "hour" | "day" | "week" | "month";
                /** @description Persons per page (default 100, at most 1000; CSV: 10,000). */
                limit?: number;
                offset?: number;
                /** @description JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
                properties?: string;
                /** @description Only persons whose email or name property, or one of whose distinct ids, contains it (any case). */
                search?: string;
                stickiness_days: number;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShortActorsDto"];
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Analytics_trends: {
        parameters: {
            query?: {
                /** @description A property; with breakdown_value, only events (or persons) with that value. */
                breakdown?: string;
                breakdown_type?: "event" | "person";
                /** @description Required with breakdown ($$_posthog_breakdown_null_$$: not set). */
                breakdown_value?: string;
                /** @description Part of the cache key: a new value misses the answers kept under the others. */
                cache_invalidation_key?: string;
                /** @description ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
                date_from?: string;
                /** @description ISO date (to the end of that day), date-time or relative. Default now. */
                date_to?: string;
                /** @description The event (series) of the data point. */
                entity_id?: string;
                entity_math?: "total" | "dau" | "weekly_active" | "monthly_active";
                /** @description events (actions are not supported). */
                entity_type?: "events";
                /** @description JSON list of series; the one whose id is entity_id lends its property filters (or the first, without entity_id). */
                events?: string;
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description Default day; weeks start on Sunday, UTC. A kept answer ages by it (stale after 1 hour for an hour, 6 for a day, a day for a week, 2 for a month). */
                interval?: "hour" | "day" | "week" | "month";
                /** @description Persons per page (default 100, at most 1000; CSV: 10,000). */
                limit?: number;
                offset?: number;
                /** @description JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
                properties?: string;
                /** @description Compute again instead of serving a kept answer (true, 1, yes, empty, or one of PostHog's refresh modes); the new answer is kept. */
                refresh?: string;
                /** @description Only persons whose email or name property, or one of whose distinct ids, contains it (any case). */
                search?: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActorsDto"];
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Analytics_values: {
        parameters: {
            query?: {
                /** @description csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote. */
                format?: "json" | "csv";
                /** @description The person property (no key: an empty list). */
                key?: string;
                /** @description Default 100, at most 1000. */
                limit?: number;
                offset?: number;
                /** @description Checked as on the persons lists (given once); it does not narrow the values. */
                search?: string;
                /** @description Only values containing this (any case). */
                value?: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PropertyValueDto"][];
                    "text/csv": string;
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Projects_rotateSecretToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectDetailDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    ScheduledChanges_list: {
        parameters: {
            query?: {
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Filter by model type ("FeatureFlag"). */
                model_name?: string;
                /** @description Index of the first result. */
                offset?: number;
                /** @description Filter by the id of a flag. */
                record_id?: string;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["ScheduledChangeDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    ScheduledChanges_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateScheduledChangeDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduledChangeDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    ScheduledChanges_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduledChangeDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    ScheduledChanges_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    ScheduledChanges_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateScheduledChangeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduledChangeDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_list: {
        parameters: {
            query?: {
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["WebhookDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_deliveries: {
        parameters: {
            query?: {
                /** @description Results per page (default 100, at most 1000). */
                limit?: number;
                /** @description Index of the first result. */
                offset?: number;
            };
            header?: never;
            path: {
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1 */
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["WebhookDeliveryDto"][];
                    };
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_redeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
                id: number;
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Webhooks_activity: {
        parameters: {
            query?: {
                /** @description Default 10. */
                limit?: number;
                /** @description Default 1. */
                page?: number;
            };
            header?: never;
            path: {
                /** @description Id of the project, or `@current` for the key’s default project. */
                project_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityPageDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or outside the caller's organizations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Users_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeDto"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Users_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeDto"];
                };
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    RemoteConfig_config: {
        parameters: {
            query?: never;
            header?: {
                "If-None-Match"?: string;
            };
            path: {
                /** @description The project token (phc_…). */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemoteConfigDto"];
                };
            };
            /** @description The config did not change since that ETag. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A token of characters no token has. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No project has this token. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    RemoteConfig_script: {
        parameters: {
            query?: never;
            header?: {
                "If-None-Match"?: string;
            };
            path: {
                /** @description The project token (phc_…). */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": string;
                };
            };
            /** @description The config did not change since that ETag. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A token of characters no token has. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No project has this token. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "Ingestion_capture[0]": {
        parameters: {
            query?: {
                /** @description Send time in epoch milliseconds (posthog-js). */
                _?: unknown;
                compression?: "gzip-js" | "gzip" | "base64";
                /** @description SDK version (ignored). */
                ver?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
                "text/plain": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestionAcceptedDto"];
                };
            };
            /** @description Malformed body or event. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or unknown project token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than INGESTION_MAX_BODY_BYTES once decompressed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "Ingestion_capture[1]": {
        parameters: {
            query?: {
                /** @description Send time in epoch milliseconds (posthog-js). */
                _?: unknown;
                compression?: "gzip-js" | "gzip" | "base64";
                /** @description SDK version (ignored). */
                ver?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
                "text/plain": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestionAcceptedDto"];
                };
            };
            /** @description Malformed body or event. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or unknown project token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than INGESTION_MAX_BODY_BYTES once decompressed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Sdk_decide: {
        parameters: {
            query?: {
                compression?: "gzip-js" | "gzip" | "base64";
                /** @description Response version (1: enabled keys; 2: enabled values; 3: legacy; 4: as /flags?v=2). */
                v?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Experience continuity: the anonymous id the person had before identifying. */
                    $anon_distinct_id?: string;
                    /** @description For flags bucketed by device. */
                    $device_id?: string;
                    api_key?: string;
                    distinct_id: string | number;
                    /** @description Only these flags. */
                    flag_keys_to_evaluate?: string[];
                    /** @description Accepted; there is no GeoIP here. */
                    geoip_disable?: boolean;
                    /** @description Group type → properties overriding the stored ones. */
                    group_properties?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Group type → group key. */
                    groups?: {
                        [key: string]: string | number;
                    };
                    /** @description Override the stored person properties. */
                    person_properties?: {
                        [key: string]: unknown;
                    };
                    /** @description The project token (phc_…); also accepted as `api_key`. */
                    token?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description Experience continuity: the anonymous id the person had before identifying. */
                    $anon_distinct_id?: string;
                    /** @description For flags bucketed by device. */
                    $device_id?: string;
                    api_key?: string;
                    distinct_id: string | number;
                    /** @description Only these flags. */
                    flag_keys_to_evaluate?: string[];
                    /** @description Accepted; there is no GeoIP here. */
                    geoip_disable?: boolean;
                    /** @description Group type → properties overriding the stored ones. */
                    group_properties?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Group type → group key. */
                    groups?: {
                        [key: string]: string | number;
                    };
                    /** @description Override the stored person properties. */
                    person_properties?: {
                        [key: string]: unknown;
                    };
                    /** @description The project token (phc_…); also accepted as `api_key`. */
                    token?: string;
                };
                "text/plain": {
                    /** @description Experience continuity: the anonymous id the person had before identifying. */
                    $anon_distinct_id?: string;
                    /** @description For flags bucketed by device. */
                    $device_id?: string;
                    api_key?: string;
                    distinct_id: string | number;
                    /** @description Only these flags. */
                    flag_keys_to_evaluate?: string[];
                    /** @description Accepted; there is no GeoIP here. */
                    geoip_disable?: boolean;
                    /** @description Group type → properties overriding the stored ones. */
                    group_properties?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Group type → group key. */
                    groups?: {
                        [key: string]: string | number;
                    };
                    /** @description Override the stored person properties. */
                    person_properties?: {
                        [key: string]: unknown;
                    };
                    /** @description The project token (phc_…); also accepted as `api_key`. */
                    token?: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecideV1ResponseDto"] | components["schemas"]["DecideV2ResponseDto"] | components["schemas"]["DecideResponseDto"] | components["schemas"]["FlagsResponseDto"];
                };
            };
            /** @description Malformed body, or a field of the wrong type. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or unknown project token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "Ingestion_capture[2]": {
        parameters: {
            query?: {
                /** @description Send time in epoch milliseconds (posthog-js). */
                _?: unknown;
                compression?: "gzip-js" | "gzip" | "base64";
                /** @description SDK version (ignored). */
                ver?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
                "text/plain": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestionAcceptedDto"];
                };
            };
            /** @description Malformed body or event. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or unknown project token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than INGESTION_MAX_BODY_BYTES once decompressed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Sdk_flags: {
        parameters: {
            query?: {
                compression?: "gzip-js" | "gzip" | "base64";
                /** @description Response version: 2 (default shape of SDKs) or 1. */
                v?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Experience continuity: the anonymous id the person had before identifying. */
                    $anon_distinct_id?: string;
                    /** @description For flags bucketed by device. */
                    $device_id?: string;
                    api_key?: string;
                    distinct_id: string | number;
                    /** @description Only these flags. */
                    flag_keys_to_evaluate?: string[];
                    /** @description Accepted; there is no GeoIP here. */
                    geoip_disable?: boolean;
                    /** @description Group type → properties overriding the stored ones. */
                    group_properties?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Group type → group key. */
                    groups?: {
                        [key: string]: string | number;
                    };
                    /** @description Override the stored person properties. */
                    person_properties?: {
                        [key: string]: unknown;
                    };
                    /** @description The project token (phc_…); also accepted as `api_key`. */
                    token?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description Experience continuity: the anonymous id the person had before identifying. */
                    $anon_distinct_id?: string;
                    /** @description For flags bucketed by device. */
                    $device_id?: string;
                    api_key?: string;
                    distinct_id: string | number;
                    /** @description Only these flags. */
                    flag_keys_to_evaluate?: string[];
                    /** @description Accepted; there is no GeoIP here. */
                    geoip_disable?: boolean;
                    /** @description Group type → properties overriding the stored ones. */
                    group_properties?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Group type → group key. */
                    groups?: {
                        [key: string]: string | number;
                    };
                    /** @description Override the stored person properties. */
                    person_properties?: {
                        [key: string]: unknown;
                    };
                    /** @description The project token (phc_…); also accepted as `api_key`. */
                    token?: string;
                };
                "text/plain": {
                    /** @description Experience continuity: the anonymous id the person had before identifying. */
                    $anon_distinct_id?: string;
                    /** @description For flags bucketed by device. */
                    $device_id?: string;
                    api_key?: string;
                    distinct_id: string | number;
                    /** @description Only these flags. */
                    flag_keys_to_evaluate?: string[];
                    /** @description Accepted; there is no GeoIP here. */
                    geoip_disable?: boolean;
                    /** @description Group type → properties overriding the stored ones. */
                    group_properties?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Group type → group key. */
                    groups?: {
                        [key: string]: string | number;
                    };
                    /** @description Override the stored person properties. */
                    person_properties?: {
                        [key: string]: unknown;
                    };
                    /** @description The project token (phc_…); also accepted as `api_key`. */
                    token?: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlagsResponseDto"] | components["schemas"]["LegacyFlagsResponseDto"];
                };
            };
            /** @description Malformed body, or a field of the wrong type. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or unknown project token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Sdk_definitions: {
        parameters: {
            query: {
                /** @description Present (with no value, or true): the cohorts come along. Absent: `cohorts` is `{}` and flags using one plain cohort have it rewritten into person-property conditions. */
                send_cohorts?: string;
                /** @description The project token (phc_…). */
                token: string;
            };
            header?: {
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LocalEvaluationDto"];
                };
            };
            /** @description The definitions did not change since that ETag. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: the envelope names the field in `attr`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or invalid personal API key, or a token that names no project of its user. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "Ingestion_capture[3]": {
        parameters: {
            query?: {
                /** @description Send time in epoch milliseconds (posthog-js). */
                _?: unknown;
                compression?: "gzip-js" | "gzip" | "base64";
                /** @description SDK version (ignored). */
                ver?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
                "text/plain": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestionAcceptedDto"];
                };
            };
            /** @description Malformed body or event. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or unknown project token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than INGESTION_MAX_BODY_BYTES once decompressed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    Ofrep_evaluateAll: {
        parameters: {
            query?: never;
            header?: {
                /** @description `Bearer <project token>` (or X-API-Key). */
                Authorization?: string;
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OfrepEvaluationRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepBulkDto"];
                };
            };
            /** @description The answers did not change since that ETag. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description PARSE_ERROR, TARGETING_KEY_MISSING or INVALID_CONTEXT. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepErrorDto"];
                };
            };
            /** @description Missing or unknown project token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepErrorDto"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body too large (refused before OFREP reads it). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepErrorDto"];
                };
            };
            /** @description Database unavailable; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepErrorDto"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepErrorDto"];
                };
            };
        };
    };
    Ofrep_evaluate: {
        parameters: {
            query?: never;
            header?: {
                /** @description `Bearer <project token>` (or X-API-Key). */
                Authorization?: string;
            };
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OfrepEvaluationRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepSuccessDto"];
                };
            };
            /** @description PARSE_ERROR, TARGETING_KEY_MISSING or INVALID_CONTEXT. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepErrorDto"];
                };
            };
            /** @description Missing or unknown project token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepErrorDto"];
                };
            };
            /** @description The key lacks the scope in `x-required-scopes`, or the caller may not change this object. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FLAG_NOT_FOUND: no live flag with this key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepErrorDto"];
                };
            };
            /** @description Body too large (refused before OFREP reads it). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many failed authentications; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepErrorDto"];
                };
            };
            /** @description Database unavailable; see Retry-After. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepErrorDto"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfrepErrorDto"];
                };
            };
        };
    };
    "Ingestion_capture[4]": {
        parameters: {
            query?: {
                /** @description Send time in epoch milliseconds (posthog-js). */
                _?: unknown;
                compression?: "gzip-js" | "gzip" | "base64";
                /** @description SDK version (ignored). */
                ver?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
                "text/plain": {
                    /** @description The project token (phc_…); or `token`. */
                    api_key?: string;
                    batch: {
                        $set?: {
                            [key: string]: unknown;
                        };
                        $set_once?: {
                            [key: string]: unknown;
                        };
                        /** @description Or properties.distinct_id. */
                        distinct_id?: string;
                        /** @example $pageview */
                        event: string;
                        properties?: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp?: string;
                        /**
                         * Format: uuid
                         * @description De-duplicates the event; generated when absent.
                         */
                        uuid?: string;
                    }[];
                    /** Format: date-time */
                    sent_at?: string;
                } | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                }[] | {
                    $set?: {
                        [key: string]: unknown;
                    };
                    $set_once?: {
                        [key: string]: unknown;
                    };
                    api_key?: string;
                    /** @description Or properties.distinct_id. */
                    distinct_id?: string;
                    /** @example $pageview */
                    event: string;
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: date-time */
                    timestamp?: string;
                    /**
                     * Format: uuid
                     * @description De-duplicates the event; generated when absent.
                     */
                    uuid?: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestionAcceptedDto"];
                };
            };
            /** @description Malformed body or event. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing or unknown project token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than INGESTION_MAX_BODY_BYTES once decompressed. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limited, or too many failed authentications from this address; see the Retry-After header. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Database unavailable; see the Retry-After header. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database took too long. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}

import { Fn, RemovalPolicy } from 'aws-cdk-lib';
import {
  DomainName,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ROUTES } from '../../functions/routes';
import type { Settings } from '../settings';
import { type ApiFunction, acknowledge, functionOf, pascal, type SharedFunctionProps } from './api-function';
import { Room } from './room';

/**
 * The HTTP API: its stage (throttled, access-logged), its own domain when one is configured, and
 * one route and one function per entry of the route table (`addRouteFunctions`, once the
 * functions' environment is known).
 */
export class Api extends Room {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** Set when the API has a domain of its own (`apiDomainName`). */
  readonly domain: DomainName | undefined;
  /** The host CloudFront reaches the API by. */
  readonly host: string;

  constructor(
    scope: Construct,
    id: string,
    props: {
      settings: Pick<Settings, 'apiDomainName' | 'apiCertificateArn' | 'apiRateLimit' | 'apiBurstLimit'>;
      retention: RetentionDays;
    },
  ) {
    super(scope, id);
    const { settings } = props;
    // With a domain of its own the API's execute-api endpoint is switched off, so CloudFront (which
    // reaches the API by that domain) is the only way in. Without one CloudFront needs the
    // execute-api host as its origin; the functions then refuse every request that lacks
    // CloudFront's origin-verify header (functions/lib/origin.ts), which shuts the same door.
    this.domain =
      settings.apiDomainName && settings.apiCertificateArn
        ? new DomainName(this, 'ApiDomain', {
            domainName: settings.apiDomainName,
            certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', settings.apiCertificateArn),
          })
        : undefined;
    this.api = new HttpApi(this, 'Api', {
      description: 'Timeledger API: one route and one Lambda per entry of functions/routes.ts',
      createDefaultStage: false,
      disableExecuteApiEndpoint: this.domain !== undefined,
    });
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: props.retention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'Stage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: settings.apiRateLimit, burstLimit: settings.apiBurstLimit },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs) },
      ...(this.domain ? { domainMapping: { domainName: this.domain } } : {}),
    });
    this.host = this.domain ? this.domain.name : Fn.select(2, Fn.split('/', this.api.apiEndpoint));
  }

  /** One function and one route per entry of the route table; returns the functions by handler. */
  addRouteFunctions(shared: SharedFunctionProps): Map<string, ApiFunction> {
    const functions = new Map<string, ApiFunction>();
    for (const route of ROUTES) {
      const fn = functionOf(this, route, shared);
      functions.set(route.handler, fn);
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${pascal(route.handler)}Integration`, fn.function),
      });
    }
    for (const route of this.api.node.children) {
      // Authorization happens inside the handlers (see docs/deployment.md).
      acknowledge(route, [
        {
          id: 'AwsSolutions-APIG4',
          reason:
            'Authorization is checked inside each handler by the shared middy `authenticate` middleware (x-auth-token, HS256, token version read from the user item). The local server runs the same code; a Lambda authorizer would add a second cold start per request and read the same user item twice. Public routes are public by the contract.',
        },
      ]);
    }
    return functions;
  }
}
